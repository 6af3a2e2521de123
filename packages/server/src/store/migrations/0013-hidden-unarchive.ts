import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Every send looks for the recipients' hidden, unmuted links, which a message
// from someone else brings back to the list (conversations/message-effects.ts).
// Almost every send finds none: this partial index holds only such links, so
// the look-up is one probe of a (usually empty) index instead of a read of
// every member row of the conversation. The query (conversations/queries.ts,
// `unarchive`) repeats the predicate with the same literals: SQLite uses a
// partial index only for a WHERE that contains its terms, and a bound
// parameter does not count. A send's unread update touches no column of it
// (on PostgreSQL those updates stay HOT).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index conversation_members_unarchive on conversation_members (conversation_id)
    where hidden = true and muted = false and deleted = false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversation_members_unarchive').execute();
}
