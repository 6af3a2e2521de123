import type { Kysely } from 'kysely';

// Groups and channels: public usernames (one namespace with users', checked
// on both sides by the groups feature), invite links, has_tasks, the
// channel's publisher_hash and the group's inactivity limit; on the member
// link, member_status (member / left / removed / blocked).
//
// direct_blocks counts the blocked links of a direct chat, so the send path
// learns "someone blocked someone here" from the row it already loads.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('username', 'text').execute();
  // Lower-cased username: unique without regard to case, null when private.
  // (SQLite cannot add a UNIQUE column: the unique indexes come after.)
  await db.schema.alterTable('conversations').addColumn('username_key', 'text').execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('allow_invitation', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  // 128 random bits, base64url; null while no link exists (or after a revoke).
  await db.schema.alterTable('conversations').addColumn('invitation_token', 'text').execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('has_tasks', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('conversations').addColumn('publisher_hash', 'text').execute();
  // Days (groups only); null = never.
  await db.schema.alterTable('conversations').addColumn('max_time_inactive', 'integer').execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('direct_blocks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createIndex('conversations_username_key')
    .unique()
    .on('conversations')
    .column('username_key')
    .execute();
  await db.schema
    .createIndex('conversations_invitation_token')
    .unique()
    .on('conversations')
    .column('invitation_token')
    .execute();

  await db.schema
    .alterTable('conversation_members')
    .addColumn('member_status', 'text', (c) => c.notNull().defaultTo('member'))
    .execute();
  // Members lists and counts: the present members of one conversation.
  await db.schema
    .createIndex('conversation_members_status')
    .on('conversation_members')
    .columns(['conversation_id', 'member_status', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversation_members_status').execute();
  await db.schema.dropIndex('conversations_invitation_token').execute();
  await db.schema.dropIndex('conversations_username_key').execute();
  await db.schema.alterTable('conversation_members').dropColumn('member_status').execute();
  for (const column of [
    'direct_blocks',
    'max_time_inactive',
    'publisher_hash',
    'has_tasks',
    'invitation_token',
    'allow_invitation',
    'username_key',
    'username',
  ]) {
    await db.schema.alterTable('conversations').dropColumn(column).execute();
  }
}
