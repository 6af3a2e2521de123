import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/store/db';
import type { Store } from '../src/store/db';
import { runMigrations } from '../src/store/migrate';
import { migrations } from '../src/store/migrations';

// Two installs in one PostgreSQL database, each in its own schema (a test
// run's leftover schema is the common case): each keeps its own migration
// record. PostgreSQL only: skipped locally without TEST_DATABASE_URL, an
// error in CI, like every PostgreSQL suite (test/stores.ts).

const url = process.env.TEST_DATABASE_URL;
if (!url && process.env.CI === 'true') {
  throw new Error('TEST_DATABASE_URL must be set in CI: the PostgreSQL suites may not be skipped.');
}

describe.runIf(url)('migrations beside another schema (postgres)', () => {
  const schemas = [1, 2].map(() => `parley_migrate_${randomBytes(5).toString('hex')}`);
  const opened: Store[] = [];

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  function storeIn(schema: string): Store {
    const store = openStore({ databaseUrl: url, pgOptions: `-c search_path=${schema}` });
    opened.push(store);
    return store;
  }

  afterAll(async () => {
    for (const store of opened) await store.close();
    for (const schema of schemas) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('migrates a new schema fully while another holds its own migration tables', async () => {
    const [first, second] = schemas as [string, string];
    const all = Object.keys(migrations).sort();
    await admin(`CREATE SCHEMA ${first}`);
    expect(await runMigrations(storeIn(first).db)).toEqual(all);

    await admin(`CREATE SCHEMA ${second}`);
    const store = storeIn(second);
    expect(await runMigrations(store.db)).toEqual(all);
    expect(await runMigrations(store.db)).toEqual([]);
    const tables = await store.db.introspection.getTables({ withInternalKyselyTables: true });
    const own = tables.filter((t) => t.schema === second).map((t) => t.name);
    expect(own).toEqual(
      expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'messages']),
    );
  });
});
