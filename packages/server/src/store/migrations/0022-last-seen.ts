import type { Kysely } from 'kysely';

// "Last seen" (issue 23; protocol rules/last-seen.ts).
//
// - users.last_seen_at: when the user was last connected. Written when their
//   last socket closes and at most once a minute per node while they are
//   online (realtime/last-seen-recorder.ts), never per message. A column of
//   its own rather than the max over sessions.last_seen_at: that one moves
//   with token refreshes, not with sockets, and a max over sessions would be
//   a grouped read per profile and per presence frame. Null: never seen
//   since this column exists (read as "a long time ago").
//
// Expand-only: a nullable column.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_seen_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('last_seen_at').execute();
}
