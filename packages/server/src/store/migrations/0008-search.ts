import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { FTS_TABLE, FTS_TOKENIZE, SEARCH_COLUMN, searchDocumentSql } from '../search-index';

// Full-text search over message texts (store/search-index.ts says why each
// dialect does it the way it does). Every row is indexed, whatever its type
// or state: deleting for everyone empties the text (so its words leave the
// index with the update), and the rest — deleted for me, cleared, other
// people's conversations — is the search query's filter, as it is history's.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // Computed for the existing rows (the table is rewritten once, under its
    // lock: minutes on a very large table), then by PostgreSQL on every write.
    await sql
      .raw(
        `alter table messages add column ${SEARCH_COLUMN} tsvector generated always as (${searchDocumentSql()}) stored`,
      )
      .execute(db);
    await sql
      .raw(`create index messages_search on messages using gin (${SEARCH_COLUMN})`)
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create virtual table ${FTS_TABLE} using fts5(message, content='messages', content_rowid='id', tokenize='${FTS_TOKENIZE}')`,
    )
    .execute(db);
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
  // Existing messages.
  await sql.raw(`insert into ${FTS_TABLE}(${FTS_TABLE}) values ('rebuild')`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop index messages_search').execute(db);
    await sql.raw(`alter table messages drop column ${SEARCH_COLUMN}`).execute(db);
    return;
  }
  for (const trigger of ['messages_fts_insert', 'messages_fts_delete', 'messages_fts_update']) {
    await sql.raw(`drop trigger ${trigger}`).execute(db);
  }
  await sql.raw(`drop table ${FTS_TABLE}`).execute(db);
}
