import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { FTS_TABLE } from '../search-index';
import { SEARCH_STATE_TABLE } from '../search-indexer';

// SQLite: new messages reach the FTS5 index in batches (store/search-indexer.ts)
// instead of by a trigger in every send's transaction. Each transaction that
// touches FTS5 flushes a segment of its own at COMMIT: with one send per
// commit that flush was about a third of the SQL of a send.
//
// `search_index_state.indexed_upto`: every message with a smaller or equal id
// is in the index with the text it has now. Edits and deletes of those keep
// the index in step by trigger, as before; those of newer messages change
// nothing there, since the indexer reads their text when it gets to them.
// Ids are AUTOINCREMENT (never handed out again), so no message can appear
// below the mark later. PostgreSQL keeps its stored column and GIN index.

const stateTable = SEARCH_STATE_TABLE;
const indexed = `old.id <= (select indexed_upto from ${stateTable})`;

async function trigger(db: Kysely<unknown>, ddl: string): Promise<void> {
  await sql.raw(ddl).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await db.transaction().execute(async (trx) => {
    await sql
      .raw(
        `create table ${stateTable} (
           id integer primary key check (id = 1),
           indexed_upto integer not null
         )`,
      )
      .execute(trx);
    // The triggers indexed every message so far.
    await sql
      .raw(
        `insert into ${stateTable} (id, indexed_upto)
         values (1, coalesce((select max(id) from messages), 0))`,
      )
      .execute(trx);
    for (const name of ['messages_fts_insert', 'messages_fts_delete', 'messages_fts_update']) {
      await sql.raw(`drop trigger ${name}`).execute(trx);
    }
    await trigger(
      trx,
      `create trigger messages_fts_delete after delete on messages when ${indexed} begin
         insert into ${FTS_TABLE}(${FTS_TABLE}, rowid, message) values ('delete', old.id, old.message);
       end`,
    );
    await trigger(
      trx,
      `create trigger messages_fts_update after update of message on messages when ${indexed} begin
         insert into ${FTS_TABLE}(${FTS_TABLE}, rowid, message) values ('delete', old.id, old.message);
         insert into ${FTS_TABLE}(rowid, message) values (new.id, new.message);
       end`,
    );
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await db.transaction().execute(async (trx) => {
    // Whatever waits for the indexer goes in now; then every row is indexed
    // again by the triggers 0010 made.
    await sql
      .raw(
        `insert into ${FTS_TABLE}(rowid, message)
         select id, message from messages where id > (select indexed_upto from ${stateTable})`,
      )
      .execute(trx);
    for (const name of ['messages_fts_delete', 'messages_fts_update']) {
      await sql.raw(`drop trigger ${name}`).execute(trx);
    }
    await sql.raw(`drop table ${stateTable}`).execute(trx);
    await trigger(
      trx,
      `create trigger messages_fts_insert after insert on messages begin
         insert into ${FTS_TABLE}(rowid, message) values (new.id, new.message);
       end`,
    );
    await trigger(
      trx,
      `create trigger messages_fts_delete after delete on messages begin
         insert into ${FTS_TABLE}(${FTS_TABLE}, rowid, message) values ('delete', old.id, old.message);
       end`,
    );
    await trigger(
      trx,
      `create trigger messages_fts_update after update of message on messages begin
         insert into ${FTS_TABLE}(${FTS_TABLE}, rowid, message) values ('delete', old.id, old.message);
         insert into ${FTS_TABLE}(rowid, message) values (new.id, new.message);
       end`,
    );
  });
}
