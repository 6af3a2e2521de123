import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { FTS_OPTIONS, FTS_TABLE, FTS_TOKENIZE } from '../search-index';

// SQLite: the FTS5 table rebuilt with prefix indexes, without positions and
// with marks as word characters (store/search-index.ts, FTS_OPTIONS, says
// why). PostgreSQL keeps its index; its search changed shape in the query
// only (features/search/postgres-walk.ts).
//
// An FTS5 table's options cannot be altered: the triggers and the table are
// dropped, the table is made again and filled from `messages` ('rebuild':
// about 10 s for 1,000,000 messages). In one transaction (Kysely runs SQLite
// migrations without one), so a crash midway leaves the old index in place.

const TRIGGERS = ['messages_fts_insert', 'messages_fts_delete', 'messages_fts_update'];

async function recreate(db: Kysely<unknown>, options: string): Promise<void> {
  await db.transaction().execute((trx) => rebuild(trx, options));
}

async function rebuild(db: Kysely<unknown>, options: string): Promise<void> {
  for (const trigger of TRIGGERS) await sql.raw(`drop trigger ${trigger}`).execute(db);
  await sql.raw(`drop table ${FTS_TABLE}`).execute(db);
  await sql.raw(`create virtual table ${FTS_TABLE} using fts5(message, ${options})`).execute(db);
  // External content: the index holds only tokens, so a row's old text must be
  // handed back to remove its tokens ('delete') before the new text goes in.
  await sql
    .raw(
      `create trigger messages_fts_insert after insert on messages begin
         insert into ${FTS_TABLE}(rowid, message) values (new.id, new.message);
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger messages_fts_delete after delete on messages begin
         insert into ${FTS_TABLE}(${FTS_TABLE}, rowid, message) values ('delete', old.id, old.message);
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger messages_fts_update after update of message on messages begin
         insert into ${FTS_TABLE}(${FTS_TABLE}, rowid, message) values ('delete', old.id, old.message);
         insert into ${FTS_TABLE}(rowid, message) values (new.id, new.message);
       end`,
    )
    .execute(db);
  await sql.raw(`insert into ${FTS_TABLE}(${FTS_TABLE}) values ('rebuild')`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await recreate(db, FTS_OPTIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  // As 0008 made it.
  await recreate(db, `content='messages', content_rowid='id', tokenize='${FTS_TOKENIZE}'`);
}
