import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/store/db';
import type { Durability } from '../src/store/durability';

// DURABILITY (docs/OPERATIONS.md): `fsync` acknowledges a write only once it
// is on disk. What each store is told, read back from its own settings.

const PG_URL = process.env.TEST_DATABASE_URL;

describe('DURABILITY on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-durability-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const synchronous = async (durability: Durability | undefined, name: string) => {
    const store = openStore({ sqlitePath: join(dir, `${name}.sqlite`), durability });
    try {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(store.db);
      return rows[0]?.synchronous;
    } finally {
      await store.close();
    }
  };

  it('commit (the default) is NORMAL, fsync is FULL', async () => {
    expect(await synchronous(undefined, 'default')).toBe(1);
    expect(await synchronous('commit', 'commit')).toBe(1);
    expect(await synchronous('fsync', 'fsync')).toBe(2);
  });
});

describe.runIf(PG_URL)('DURABILITY on PostgreSQL', () => {
  it('fsync sets synchronous_commit=on for the connection, overriding the session default', async () => {
    const read = async (durability: Durability | undefined) => {
      const store = openStore({
        databaseUrl: PG_URL,
        durability,
        // A server configured with synchronous_commit off, as some operators do.
        pgOptions: '-c synchronous_commit=off',
      });
      try {
        const { rows } = await sql<{
          synchronous_commit: string;
        }>`show synchronous_commit`.execute(store.db);
        return rows[0]?.synchronous_commit;
      } finally {
        await store.close();
      }
    };
    expect(await read('commit')).toBe('off');
    expect(await read('fsync')).toBe('on');
  });
});
