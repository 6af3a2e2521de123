import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once';
import { openStore } from './db';
import type { Store } from './db';
import { groupedTransaction } from './group-commit';
import { lentStatements } from './lent-connection';
import { runMigrations } from './migrate';

// A compiled query inside the group commit's transaction runs its statement
// directly on the connection: it must still be part of that transaction
// (its writes roll back with a failing job, its reads see the batch's own
// writes). On the store itself it may do so only while nobody holds the
// connection, so it never reads into another transaction.

describe('the group commit lends its connection to compiled queries', () => {
  let dir: string;
  let store: Store;

  const insertLock = compiledOnce((db, name: string) =>
    db
      .insertInto('job_locks')
      .values({ name, holder: 'test', locked_until: '2026-01-01T00:00:00.000Z' }),
  );
  const lockNamed = compiledOnce((db, name: string) =>
    db.selectFrom('job_locks').select('name').where('name', '=', name),
  );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parley-lent-'));
    store = openStore({ sqlitePath: join(dir, 'db.sqlite') });
    await runMigrations(store.db);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs directly inside the transaction, and on the store only while no one holds it', async () => {
    expect(lentStatements(store.db)).toBeDefined();
    let kept: Store['db'] | undefined;
    const seen = await groupedTransaction(store.db, async (trx) => {
      kept = trx;
      expect(lentStatements(trx)).toBeDefined();
      // The batch's transaction holds the connection: the store waits its turn.
      expect(lentStatements(store.db)).toBeUndefined();
      await insertLock(trx, 'inside');
      return lockNamed(trx, 'inside');
    });
    expect(seen).toEqual([{ name: 'inside' }]);
    // The transaction object outlives its COMMIT; it no longer holds the connection.
    expect(lentStatements(kept!)).toBeUndefined();
    expect(lentStatements(store.db)).toBeDefined();
    expect(await lockNamed(store.db, 'inside')).toEqual([{ name: 'inside' }]);
  });

  it('rolls a failing job’s direct writes back with it, and keeps its neighbour’s', async () => {
    const failing = groupedTransaction(store.db, async (trx) => {
      await insertLock(trx, 'rolled-back');
      throw new Error('job fails after its write');
    });
    const neighbour = groupedTransaction(store.db, (trx) => insertLock(trx, 'kept'));
    await expect(failing).rejects.toThrow('job fails');
    await neighbour;
    expect(await lockNamed(store.db, 'rolled-back')).toEqual([]);
    expect(await lockNamed(store.db, 'kept')).toEqual([{ name: 'kept' }]);
  });

  it('counts a plain Kysely transaction as holding the connection', async () => {
    await store.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('job_locks')
        .values({ name: 'plain', holder: 'test', locked_until: '2026-01-01T00:00:00.000Z' })
        .execute();
      expect(lentStatements(store.db)).toBeUndefined();
    });
    expect(lentStatements(store.db)).toBeDefined();
    expect(await lockNamed(store.db, 'plain')).toEqual([{ name: 'plain' }]);
  });

  it('keeps a query from outside waiting until the batch commits', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const batch = groupedTransaction(store.db, async (trx) => {
      await insertLock(trx, 'uncommitted');
      await held;
    });
    // Started while the batch's transaction is open: it must not read its write early.
    await new Promise((resolve) => setImmediate(resolve));
    const outside = lockNamed(store.db, 'uncommitted').then((rows) => rows.length);
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    release();
    await batch;
    expect(await outside).toBe(1);
  });
});
