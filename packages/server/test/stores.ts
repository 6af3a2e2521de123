import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore } from '../src/store/db';
import type { Store, StoreKind } from '../src/store/db';

// The store backends every integration suite runs on: SQLite always, and
// PostgreSQL when TEST_DATABASE_URL is set. In CI the PostgreSQL run is
// mandatory: without TEST_DATABASE_URL this throws instead of skipping.

export interface TestStore {
  store: Store;
  /** Opens another Store on the same data (a restart, or a second node). */
  reopen(): Store;
  /** Closes nothing the test opened itself; drops the data. */
  destroy(): Promise<void>;
}

export interface Backend {
  name: StoreKind;
  open(): Promise<TestStore>;
}

function sqliteBackend(): Backend {
  return {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'parley-test-'));
      const sqlitePath = join(dir, 'parley.sqlite');
      const reopen = () => openStore({ sqlitePath });
      return {
        store: reopen(),
        reopen,
        async destroy() {
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

function postgresBackend(url: string): Backend {
  return {
    name: 'postgres',
    async open() {
      // One fresh schema per suite, selected through search_path, dropped at the end.
      const schema = `parley_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      // synchronous_commit=off: a commit returns before its WAL reaches the
      // disk. What other sessions see, locking and isolation are unchanged;
      // only a crash of PostgreSQL itself could lose the last commits, which
      // no test does. The fdatasync wait grows with whatever else writes to
      // the disk: a sign-up and sign-in took 52 → 46 ms on a quiet machine,
      // 110 → 63 ms while other jobs ran.
      const pgOptions = `-c search_path=${schema} -c synchronous_commit=off`;
      const reopen = () => openStore({ databaseUrl: url, pgOptions, pgPoolSize: 5 });
      return {
        store: reopen(),
        reopen,
        async destroy() {
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await c.end();
        },
      };
    },
  };
}

export function stores(): Backend[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === 'true') {
    throw new Error(
      'TEST_DATABASE_URL must be set in CI: the PostgreSQL suites may not be skipped.',
    );
  }
  return url ? [sqliteBackend(), postgresBackend(url)] : [sqliteBackend()];
}
