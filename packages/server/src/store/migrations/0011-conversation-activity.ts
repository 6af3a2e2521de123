import type { Kysely } from 'kysely';

// The conversation list's two sections (features/conversations/list-page.ts):
// - the unpinned chats walk conversations newest activity first and keep the
//   reader's. One entry per conversation: a send moves one entry, whatever
//   the number of members.
// - the pinned chats start from the reader's pinned member rows. No send
//   changes `pinned`, so a send never touches this index (on PostgreSQL the
//   member rows' unread updates stay HOT).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('conversations_activity')
    .on('conversations')
    .columns(['last_activity_at', 'id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_pinned')
    .on('conversation_members')
    .columns(['user_id', 'pinned', 'conversation_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversation_members_pinned').execute();
  await db.schema.dropIndex('conversations_activity').execute();
}
