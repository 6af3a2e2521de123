import type { Kysely } from 'kysely';

// Floods and quotas (issue 18):
// - files_uploader: the upload quota sums one user's stored files on every
//   upload (features/files/queries.ts, storedBytes).
// - conversations.slow_mode_seconds: a group's slow mode, the seconds a
//   member waits between two messages; null = off.
// - conversation_members.slow_mode_last_at: this member's last message sent
//   while slow mode was on. Written only by such sends, by one conditional
//   UPDATE inside the send's transaction, so two racing sends cannot both
//   pass; the next turn is counted from it with the group's current interval.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('files_uploader').on('files').columns(['uploader_id']).execute();
  await db.schema.alterTable('conversations').addColumn('slow_mode_seconds', 'integer').execute();
  await db.schema
    .alterTable('conversation_members')
    .addColumn('slow_mode_last_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversation_members').dropColumn('slow_mode_last_at').execute();
  await db.schema.alterTable('conversations').dropColumn('slow_mode_seconds').execute();
  await db.schema.dropIndex('files_uploader').execute();
}
