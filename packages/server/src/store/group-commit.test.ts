import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { SQLite } from './sqlite-driver';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './db';
import type { Store } from './db';
import { GROUP_COMMIT_MAX, groupCommitStats, groupedTransaction } from './group-commit';
import { runMigrations } from './migrate';

// The group commit on a real SQLite file: transactions of one event-loop turn
// share a COMMIT, a failing one rolls back alone, and nobody hears "done"
// before the rows are on disk where another connection can read them.

describe('group commit (SQLite)', () => {
  let dir: string;
  let path: string;
  let store: Store;
  /** A second connection to the same file: it sees only committed rows. */
  let outside: BetterSqlite3.Database;

  const insertLock = (name: string) => (trx: Store['db']) =>
    trx
      .insertInto('job_locks')
      .values({ name, holder: 'test', locked_until: '2026-01-01T00:00:00.000Z' })
      .execute()
      .then(() => name);
  const committed = (name: string) =>
    outside.prepare('select count(*) as n from job_locks where name = ?').get(name) as {
      n: number;
    };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parley-group-commit-'));
    path = join(dir, 'db.sqlite');
    store = openStore({ sqlitePath: path });
    await runMigrations(store.db);
    outside = new SQLite(path, { readonly: true });
  });
  afterAll(async () => {
    outside.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shares one COMMIT among the transactions of one turn, and answers only after it', async () => {
    const before = { ...groupCommitStats(store.db)! };
    const names = Array.from({ length: 10 }, (_, i) => `turn-${i}`);
    const seenOnResolve: number[] = [];
    await Promise.all(
      names.map((name) =>
        groupedTransaction(store.db, insertLock(name)).then((done) => {
          // At the moment the caller hears "done", another connection reads the row.
          seenOnResolve.push(committed(done).n);
        }),
      ),
    );
    const after = groupCommitStats(store.db)!;
    expect(after.batches - before.batches).toBe(1);
    expect(after.jobs - before.jobs).toBe(10);
    expect(seenOnResolve).toEqual(names.map(() => 1));
  });

  it('rolls back a failing transaction alone; the others of its batch commit', async () => {
    const results = await Promise.allSettled([
      groupedTransaction(store.db, insertLock('keep-1')),
      groupedTransaction(store.db, async (trx) => {
        await insertLock('undone')(trx);
        throw new Error('refused');
      }),
      // A constraint error inside the batch: the row exists from the first test.
      groupedTransaction(store.db, insertLock('turn-0')),
      groupedTransaction(store.db, insertLock('keep-2')),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(committed('keep-1').n).toBe(1);
    expect(committed('keep-2').n).toBe(1);
    expect(committed('undone').n).toBe(0);
  });

  it('a lone transaction that fails rolls back and rejects with its own error', async () => {
    await expect(
      groupedTransaction(store.db, async (trx) => {
        await insertLock('alone')(trx);
        throw new Error('alone failed');
      }),
    ).rejects.toThrow('alone failed');
    expect(committed('alone').n).toBe(0);
    // The connection is usable afterwards: no transaction was left open.
    await expect(sql`select 1 as one`.execute(store.db)).resolves.toBeTruthy();
  });

  it('splits more jobs than a batch takes into consecutive batches, all committed', async () => {
    const before = { ...groupCommitStats(store.db)! };
    const count = GROUP_COMMIT_MAX + 5;
    const names = Array.from({ length: count }, (_, i) => `many-${i}`);
    await Promise.all(names.map((name) => groupedTransaction(store.db, insertLock(name))));
    const after = groupCommitStats(store.db)!;
    expect(after.batches - before.batches).toBe(2);
    expect(after.jobs - before.jobs).toBe(count);
    for (const name of names) expect(committed(name).n).toBe(1);
  });
});
