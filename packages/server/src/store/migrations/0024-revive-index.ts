import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Every send to a one-to-one kind looks for links its members deleted for
// themselves, which the message brings back (conversations/message-effects.ts,
// `revive`). Almost every send finds none, yet the look-up read every member
// row of the conversation: 9.4 µs of a direct send's SQLite time
// (bench/RESULTS.md). This partial index holds only deleted links, so the
// look-up is a probe of a (usually empty) index, as 0013 does for the
// archive. The query repeats the predicate with the same literal: a bound
// parameter does not let SQLite use a partial index. Sends do not write the
// `deleted` column, so they never touch this index.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index conversation_members_revive on conversation_members (conversation_id)
    where deleted = true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversation_members_revive').execute();
}
