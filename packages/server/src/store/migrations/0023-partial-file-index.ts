import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// messages_file_id (0006-files) indexed every message, text ones under
// NULL: each text send wrote a page of that index, one more page for its
// COMMIT to append to the WAL (issue 24, bench/RESULTS.md). Only messages
// with a file are ever looked up by it (`file_id = files.id` implies NOT
// NULL, which both SQLite and PostgreSQL use to pick a partial index).
//
// Compatible both ways for a rolling upgrade: no query changes, only the
// index behind it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_file_id').execute();
  await db.schema
    .createIndex('messages_file_id')
    .on('messages')
    .column('file_id')
    .where(sql.ref('file_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_file_id').execute();
  await db.schema.createIndex('messages_file_id').on('messages').column('file_id').execute();
}
