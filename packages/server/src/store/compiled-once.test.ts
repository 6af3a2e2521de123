import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce, compiledOnceForList } from './compiled-once';
import { openStore } from './db';
import type { Store } from './db';
import { runMigrations } from './migrate';

// A compiled-once query must behave exactly like the builder it came from:
// each call's own values, constants kept, every argument placed.

describe('compiledOnce', () => {
  let dir: string;
  let store: Store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parley-compiled-'));
    store = openStore({ sqlitePath: join(dir, 'db.sqlite') });
    await runMigrations(store.db);
    await store.db
      .insertInto('job_locks')
      .values([
        { name: 'a', holder: 'x', locked_until: '2026-01-01T00:00:00.000Z' },
        { name: 'b', holder: 'y', locked_until: '2026-01-02T00:00:00.000Z' },
      ])
      .execute();
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs with each call’s values and keeps the builder’s constants', async () => {
    const byName = compiledOnce((db, name: string) =>
      db.selectFrom('job_locks').select(['name', 'holder']).where('name', '=', name).limit(1),
    );
    expect(await byName(store.db, 'a')).toEqual([{ name: 'a', holder: 'x' }]);
    expect(await byName(store.db, 'b')).toEqual([{ name: 'b', holder: 'y' }]);
    expect(await byName(store.db, 'none')).toEqual([]);
  });

  it('places arguments by position, whatever order the SQL uses them in', async () => {
    const rename = compiledOnce((db, holder: string, name: string) =>
      db.updateTable('job_locks').set({ holder }).where('name', '=', name).returning('holder'),
    );
    expect(await rename(store.db, 'z', 'b')).toEqual([{ holder: 'z' }]);
  });

  it('refuses a builder that leaves an argument out', async () => {
    const broken = compiledOnce((db, _unused: string) => db.selectFrom('job_locks').select('name'));
    await expect(broken(store.db, 'x')).rejects.toThrow(/not used/);
  });

  it('runs a list query with each call’s values, whatever the list’s length', async () => {
    const names = Array.from({ length: 70 }, (_, i) => `n${i}`);
    await store.db
      .insertInto('job_locks')
      .values(
        names.map((name) => ({ name, holder: name, locked_until: '2026-01-03T00:00:00.000Z' })),
      )
      .execute();
    const holders = compiledOnceForList((db, list: readonly string[]) =>
      db.selectFrom('job_locks').select('holder').where('name', 'in', list).orderBy('name'),
    );
    expect(await holders(store.db, ['n1'])).toEqual([{ holder: 'n1' }]);
    expect(await holders(store.db, ['n2'])).toEqual([{ holder: 'n2' }]);
    expect(await holders(store.db, ['n3', 'none', 'n4'])).toEqual([
      { holder: 'n3' },
      { holder: 'n4' },
    ]);
    expect(await holders(store.db, [])).toEqual([]);
    // Past the kept lengths the query is built per call, with the same result.
    expect((await holders(store.db, names)).length).toBe(70);
  });
});
