import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './db';
import { groupCommitStats } from './group-commit';
import type { Store } from './db';
import { runMigrations } from './migrate';
import { FTS_TABLE } from './search-index';
import {
  indexPendingMessages,
  SEARCH_INDEX_BATCH,
  SEARCH_STATE_TABLE,
  startSearchIndexer,
} from './search-indexer';

// The deferred FTS5 index on a real SQLite file: new messages wait above the
// mark until a round indexes them; edits and deletes on either side of the
// mark leave the index equal to the messages (FTS5's own integrity check
// compares the two), and a restart picks up what waited.

describe('search indexer (SQLite)', () => {
  let dir: string;
  let path: string;
  let store: Store;
  let conversationId = 0;
  let userId = 0;
  let counter = 0;

  const db = () => store.db;
  const at = '2026-11-22T10:00:00.000Z';

  async function insert(text: string, into: Store['db'] = db()): Promise<number> {
    counter += 1;
    const row = await into
      .insertInto('messages')
      .values({
        conversation_id: conversationId,
        user_id: userId,
        uuid: `uuid-${counter}`,
        message: text,
        parent_id: null,
        forwarded_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const found = async (match: string) => {
    const fts = sql.table(FTS_TABLE);
    const { rows } = await sql<{
      id: number;
    }>`select rowid as id from ${fts} where ${fts} match ${match} order by rowid`.execute(db());
    return rows.map((r) => r.id);
  };
  const mark = async () => {
    const { rows } = await sql<{
      upto: number;
    }>`select indexed_upto as upto from ${sql.table(SEARCH_STATE_TABLE)}`.execute(db());
    return rows[0]?.upto;
  };
  /**
   * Throws (SQLITE_CORRUPT_VTAB) when the index differs from the texts in
   * `messages`: meaningful only when no message waits for the indexer.
   */
  const integrityCheck = () => {
    const fts = sql.table(FTS_TABLE);
    return sql`insert into ${fts}(${fts}, rank) values ('integrity-check', 1)`.execute(db());
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parley-search-indexer-'));
    path = join(dir, 'db.sqlite');
    store = openStore({ sqlitePath: path });
    await runMigrations(store.db);
    const user = await db()
      .insertInto('users')
      .values({
        name: 'Ann',
        username: 'ann',
        username_key: 'ann',
        login: 'ann',
        login_key: 'ann',
        password_hash: 'x',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
    const conversation = await db()
      .insertInto('conversations')
      .values({ type: 'saved', created_by: userId, created_at: at, last_activity_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    conversationId = conversation.id;
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('indexes new messages only when a round runs, then moves the mark past them', async () => {
    const first = await insert('lighthouse keeper');
    const second = await insert('the lighthouse at night');
    expect(await found('lighthouse')).toEqual([]);
    expect(await mark()).toBeLessThan(first);

    expect(await indexPendingMessages(db())).toBe(2);
    expect(await found('lighthouse')).toEqual([first, second]);
    expect(await found('keep*')).toEqual([first]);
    expect(await mark()).toBe(second);
    expect(await indexPendingMessages(db())).toBe(0);
    await integrityCheck();
  });

  it('opens no transaction while nothing waits', async () => {
    await indexPendingMessages(db());
    const before = { ...groupCommitStats(db()) };
    expect(await indexPendingMessages(db())).toBe(0);
    expect(await indexPendingMessages(db())).toBe(0);
    expect(groupCommitStats(db())).toEqual(before);

    const waiting = await insert('quiet harbour');
    expect(await indexPendingMessages(db())).toBe(1);
    expect(await found('quiet')).toEqual([waiting]);
    expect(groupCommitStats(db())?.batches).toBe((before.batches ?? 0) + 1);
  });

  it('keeps the index equal to the texts through edits and deletes on both sides of the mark', async () => {
    const indexed = await insert('orange harbour');
    const goneIndexed = await insert('orange boat');
    await indexPendingMessages(db());
    const waiting = await insert('orange sail');
    const goneWaiting = await insert('orange rope');

    const edit = (id: number, text: string) =>
      db().updateTable('messages').set({ message: text }).where('id', '=', id).execute();
    await edit(indexed, 'purple harbour'); // above: by the trigger, at once
    await edit(waiting, 'purple sail'); // below: the indexer reads the new text later
    await db().deleteFrom('messages').where('id', 'in', [goneIndexed, goneWaiting]).execute();
    expect(await found('orange')).toEqual([]);
    expect(await found('purple')).toEqual([indexed]);

    expect(await indexPendingMessages(db())).toBe(1);
    expect(await found('purple')).toEqual([indexed, waiting]);
    expect(await found('orange')).toEqual([]);
    await integrityCheck();
  });

  it('works through a backlog larger than one batch', async () => {
    const ids: number[] = [];
    await db()
      .transaction()
      .execute(async (trx) => {
        for (let i = 0; i < SEARCH_INDEX_BATCH + 150; i++) {
          ids.push(await insert(`backlog ${i}`, trx));
        }
      });
    expect(await indexPendingMessages(db())).toBe(SEARCH_INDEX_BATCH + 150);
    expect(await found('backlog')).toEqual(ids);
    expect(await mark()).toBe(ids.at(-1));
    await integrityCheck();
  });

  it('indexes on its timer without any search, and catches up when stopped', async () => {
    const indexer = startSearchIndexer(
      db(),
      (error) => {
        throw error;
      },
      20,
    );
    const ticked = await insert('quiet meadow');
    await expect.poll(() => found('meadow'), { timeout: 5_000 }).toEqual([ticked]);
    const last = await insert('meadow at dusk');
    await indexer.stop();
    expect(await found('meadow')).toEqual([ticked, last]);
  });

  it('leaves what waited for the next process to index', async () => {
    const waiting = await insert('distant comet');
    await store.close();
    store = openStore({ sqlitePath: path });
    await runMigrations(store.db);
    expect(await found('comet')).toEqual([]);
    expect(await indexPendingMessages(db())).toBe(1);
    expect(await found('comet')).toEqual([waiting]);
    await integrityCheck();
  });
});
