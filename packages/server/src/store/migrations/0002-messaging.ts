import type { Kysely } from 'kysely';
import { idColumn } from '../migration-columns';

// Conversations, their per-user links (the spec's pivot), messages, and the
// two event logs realtime will resume from: conversation_events (one
// sequence per conversation) and user_events (one per user, users.last_seq).
// Every state change writes its event row in the same transaction.
//
// No foreign keys from conversations to messages (last_message_id,
// pinned_message_id) and none on parent_id/forwarded_id: they would make
// the two tables depend on each other, and a deleted message stays a row.

export async function up(db: Kysely<unknown>): Promise<void> {
  const [idType, id] = idColumn(db);

  await db.schema
    .alterTable('users')
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('conversations')
    .addColumn('id', idType, id)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addColumn('avatar', 'text')
    .addColumn('unique_key', 'text', (c) => c.unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_message_id', 'integer')
    .addColumn('last_message_at', 'timestamptz')
    .addColumn('last_activity_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pinned_message_id', 'integer')
    .addColumn('is_official', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text')
    .addColumn('muted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notifications', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('new_messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mentioned_message_id', 'integer')
    .addColumn('last_read_message_id', 'integer')
    .addColumn('cleared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('folder_id', 'integer')
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'user_id'])
    .execute();
  // The conversation list and the global unread count start from the user.
  await db.schema
    .createIndex('conversation_members_user')
    .on('conversation_members')
    .columns(['user_id', 'conversation_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', idType, id)
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uuid', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('text'))
    .addColumn('parent_id', 'integer')
    .addColumn('forwarded_id', 'integer')
    .addColumn('edited', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz')
    // Idempotent sending: a retried (sender, uuid) finds the first row.
    .addUniqueConstraint('messages_user_uuid', ['user_id', 'uuid'])
    .execute();
  // History pages are id ranges inside one conversation.
  await db.schema
    .createIndex('messages_conversation_id')
    .on('messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await db.schema
    .createTable('message_hidden')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('messages.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('message_hidden_pk', ['user_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('conversation_events')
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_events_pk', ['conversation_id', 'seq'])
    .execute();

  await db.schema
    .createTable('user_events')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_events_pk', ['user_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'user_events',
    'conversation_events',
    'message_hidden',
    'messages',
    'conversation_members',
    'conversations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('last_seq').execute();
}
