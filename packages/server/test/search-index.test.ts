import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchTerms } from '@parley/protocol/rules/search-text';
import type { SearchReply } from '@parley/protocol/search';
import { ftsMatch } from '../src/features/search/queries';
import { migrations } from '../src/store/migrations/index';
import { FTS_OPTIONS, FTS_TABLE, SEARCH_COLUMN } from '../src/store/search-index';
import { SQLite } from '../src/store/sqlite-driver';
import type { Client } from './harness';
import { direct, edit, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// The SQLite index as migration 0010 builds it (store/search-index.ts,
// FTS_OPTIONS), and the migration itself on a store that has messages.

/** An in-memory table defined exactly as the store's, over a `messages` table of its own. */
function memoryIndex(texts: Map<number, string>) {
  const db = new SQLite(':memory:');
  db.exec('create table messages (id integer primary key, message text not null)');
  db.exec(`create virtual table ${FTS_TABLE} using fts5(message, ${FTS_OPTIONS})`);
  const insert = db.prepare('insert into messages (id, message) values (?, ?)');
  db.transaction(() => {
    for (const [id, text] of texts) insert.run(id, text);
  })();
  db.exec(`insert into ${FTS_TABLE}(${FTS_TABLE}) values ('rebuild')`);
  const match = db.prepare(
    `select rowid as id from ${FTS_TABLE} where ${FTS_TABLE} match ? order by rowid desc`,
  );
  return {
    db,
    find: (q: string) => (match.all(ftsMatch(searchTerms(q))) as { id: number }[]).map((r) => r.id),
  };
}

describe('the FTS5 table', () => {
  it('keeps every letter, digit and mark inside its word, as the protocol cuts words', () => {
    // detail=none refuses a term FTS5 would cut in two (a phrase): no
    // character the protocol counts as part of a word may separate words.
    const word = /^[\p{L}\p{N}\p{M}]$/u;
    const texts = new Map<number, string>();
    for (let code = 0x80; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (word.test(char)) texts.set(code, `q${char}q`);
    }
    expect(texts.size).toBeGreaterThan(100_000);
    const { db } = memoryIndex(texts);
    db.exec(`create virtual table words using fts5vocab(${FTS_TABLE}, 'instance')`);
    const cut = db.prepare("select doc from words where term = 'q'").all() as { doc: number }[];
    expect(cut.map((r) => `U+${r.doc.toString(16)}`)).toEqual([]);
  });

  it('finds words with Indic signs, Arabic and Hebrew points by any prefix, and takes marks alone', () => {
    const texts = new Map([
      [1, 'नमस्ते दोस्तों'],
      [2, 'كَتَبَ الطالب'],
      [3, 'שָׁלוֹם עֲלֵיכֶם'],
      [4, 'สวัสดีครับ'],
      [5, 'Café crème'],
    ]);
    const { find } = memoryIndex(texts);
    expect(find('नमस्ते')).toEqual([1]);
    expect(find('नमस')).toEqual([1]);
    expect(find('दोस्तों नम')).toEqual([1]);
    expect(find('كَتَبَ')).toEqual([2]);
    expect(find('שָׁלוֹם')).toEqual([3]);
    expect(find('สวัสดี')).toEqual([4]);
    expect(find('CAFE cre')).toEqual([5]);
    // Inside a word is not a prefix of it.
    expect(find('स्ते')).toEqual([]);
    // Marks FTS5 folds to nothing make an empty word: it matches nothing,
    // as before 0010, and its empty prefix does not match everything.
    for (let code = 0x300; code <= 0x36f; code++) {
      const mark = String.fromCodePoint(code);
      expect(find(mark), mark).toEqual([]);
      expect(find(`${mark}${mark}`), mark).toEqual([]);
    }
    expect(find('cafe \u0301')).toEqual([]);
    expect(find('\u0301cafe')).toEqual([5]);
  });

  it('reads every prefix length from its index, and longer ones without it', () => {
    const texts = new Map([
      [1, 'internationalization matters'],
      [2, 'international news'],
      [3, 'a'],
    ]);
    const { find } = memoryIndex(texts);
    expect(find('a')).toEqual([3]);
    expect(find('i')).toEqual([2, 1]);
    expect(find('internatio')).toEqual([2, 1]); // 10 characters: the longest prefix index
    expect(find('internationali')).toEqual([1]); // 14: merged from the words
    expect(find('internationalization')).toEqual([1]);
    expect(find('internationalizations')).toEqual([]);
  });
});

describe.each(stores())('migration 0010-search-compact ($name)', (backend) => {
  let client: Client;
  const suite = useSuiteServer(backend);
  beforeAll(() => {
    ({ client } = suite);
  });
  const migrator = () =>
    new Migrator({
      db: suite.ts.store.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
  const ids = async (who: Person, q: string) => {
    const res = await client.get<SearchReply>(
      `/user/search?type=messages&q=${encodeURIComponent(q)}`,
      { token: who.token },
    );
    expect(res.status).toBe(200);
    return res.body.messages.map((m) => m.message.id);
  };
  const tableSql = async () => {
    if (backend.name !== 'sqlite') return null;
    const row = await sql<{
      sql: string;
    }>`select sql from sqlite_master where name = ${FTS_TABLE}`.execute(suite.ts.store.db);
    return row.rows[0]?.sql ?? '';
  };

  const insertedLike = async (id: number, text: string) => {
    const db = suite.ts.store.db;
    const row = await db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Not the id, nor PostgreSQL's generated search column.
    const { id: _id, ...copied } = row;
    const rest = Object.fromEntries(
      Object.entries(copied).filter(([column]) => column !== SEARCH_COLUMN),
    ) as typeof copied;
    return db
      .insertInto('messages')
      .values({ ...rest, edited: Number(rest.edited), message: text, uuid: randomUUID() })
      .returning('id')
      .executeTakeFirstOrThrow();
  };

  const pgIds = async (query: string) => {
    const found = await sql<{
      id: number;
    }>`select id from messages where ${sql.ref(SEARCH_COLUMN)} @@ to_tsquery('simple', ${query}) order by id desc`.execute(
      suite.ts.store.db,
    );
    return found.rows.map((r) => Number(r.id));
  };

  const ftsIds = async (match: string) => {
    const found = await sql<{
      id: number;
    }>`select rowid as id from ${sql.table(FTS_TABLE)} where ${sql.table(FTS_TABLE)} match ${match} order by rowid desc`.execute(
      suite.ts.store.db,
    );
    return found.rows.map((r) => r.id);
  };

  it('rebuilds the index from the messages already there, both ways', async () => {
    const [a, b] = [await person(client), await person(client)];
    const chat = await direct(client, a, b);
    const old = await sent(client, a, chat.id, 'Harbour tour on Sunday');
    const after = await sent(client, b, chat.id, 'the harbour closes early');

    const down = await migrator().migrateTo('0009-keyboard');
    expect(down.error).toBeUndefined();
    if (backend.name === 'sqlite') expect(await tableSql()).not.toContain('detail=none');
    // Today's search code expects today's schema (0012's indexer state, and
    // later tables): the old index is read directly.
    expect(backend.name === 'sqlite' ? await ftsIds('harb*') : await pgIds('harb:*')).toEqual([
      after.id,
      old.id,
    ]);
    // A message written while the schema is 0009's, as that release stored
    // it: today's send path reads columns of later migrations (bots'
    // is_bot), so the row goes in directly, a copy of an earlier one.
    const between = await insertedLike(old.id, 'harbourmaster says hello');

    // Up to this migration alone (later ones are not its business), then the rest.
    const up = await migrator().migrateTo('0010-search-compact');
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toEqual(['0010-search-compact']);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    if (backend.name === 'sqlite') expect(await tableSql()).toContain('detail=none');
    expect(await ids(b, 'harb')).toEqual([between.id, after.id, old.id]);
    expect(await ids(b, 'harbourm')).toEqual([between.id]);
    // The triggers are back: new, edited and deleted messages follow.
    const latest = await sent(client, b, chat.id, 'Sunday is fine');
    expect(await ids(a, 'sunday')).toEqual([latest.id, old.id]);
    expect((await edit(client, b, latest.id, 'Monday is fine')).status).toBe(200);
    expect(await ids(a, 'sunday')).toEqual([old.id]);
    expect(await ids(a, 'monday')).toEqual([latest.id]);
  });
});
