import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/store/db';
import type { Store } from '../src/store/db';
import { StatementNames } from '../src/store/pg-prepared';

// Repeated statements run as prepared ones on PostgreSQL (store/pg-prepared.ts).
// The naming rules alone, then the real thing: one connection, so that
// pg_prepared_statements (a per-session view) shows what that connection holds.

describe('StatementNames', () => {
  it('names a text from its second use on, the same name each time', () => {
    const names = new StatementNames({ maxNamed: 10, maxSeen: 10 });
    expect(names.nameFor('select 1')).toBeUndefined();
    const name = names.nameFor('select 1');
    expect(name).toMatch(/^parley_\d+$/);
    expect(names.nameFor('select 1')).toBe(name);
    expect(names.nameFor('select 2')).toBeUndefined();
  });

  it('names at most maxNamed texts; the others keep running unnamed', () => {
    const names = new StatementNames({ maxNamed: 2, maxSeen: 10 });
    for (const text of ['a', 'b', 'c', 'a', 'b', 'c']) names.nameFor(text);
    expect(names.size).toBe(2);
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.nameFor('a')).toBeDefined();
  });

  it('forgets texts seen once when too many were (a value list of every length)', () => {
    const names = new StatementNames({ maxNamed: 10, maxSeen: 3 });
    for (const text of ['a', 'b', 'c']) names.nameFor(text);
    names.nameFor('d'); // the set starts afresh with d
    expect(names.nameFor('a')).toBeUndefined();
    expect(names.nameFor('d')).toBeDefined();
  });

  it('gives a renewed text a new name', () => {
    const names = new StatementNames({ maxNamed: 10, maxSeen: 10 });
    names.nameFor('a');
    const first = names.nameFor('a');
    names.renew('a');
    const second = names.nameFor('a');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });
});

const url = process.env.TEST_DATABASE_URL;
if (!url && process.env.CI === 'true') {
  throw new Error('TEST_DATABASE_URL must be set in CI: the PostgreSQL suites may not be skipped.');
}

describe.runIf(url)('prepared statements on PostgreSQL', () => {
  const schema = `parley_prepared_${randomBytes(5).toString('hex')}`;
  let store: Store;

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  /** The statements this (only) connection holds prepared, this probe's own left out. */
  async function prepared(): Promise<string[]> {
    const { rows } = await sql<{
      statement: string;
    }>`select statement from pg_prepared_statements
       where statement not like '%pg_prepared_statements%' order by prepare_time`.execute(store.db);
    return rows.map((r) => r.statement);
  }

  const selectAll = (a: number) => sql<Record<string, unknown>>`select * from t where a = ${a}`;

  beforeAll(async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    store = openStore({ databaseUrl: url, pgOptions: `-c search_path=${schema}`, pgPoolSize: 1 });
    await sql`create table t (a int)`.execute(store.db);
    await sql`insert into t (a) values (1), (2)`.execute(store.db);
  });

  afterAll(async () => {
    await store.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('prepares a statement run twice and answers from it', async () => {
    expect((await selectAll(1).execute(store.db)).rows).toEqual([{ a: 1 }]);
    expect(await prepared()).toEqual([]);
    expect((await selectAll(2).execute(store.db)).rows).toEqual([{ a: 2 }]);
    expect(await prepared()).toEqual(['select * from t where a = $1']);
    expect((await selectAll(1).execute(store.db)).rows).toEqual([{ a: 1 }]);
    expect(await prepared()).toHaveLength(1);
  });

  it('answers with the new column after one is added, then prepares the text afresh', async () => {
    for (let i = 0; i < 6; i++) await selectAll(1).execute(store.db);
    await sql`alter table t add column b text default 'x'`.execute(store.db);
    // The prepared statement fails with "cached plan must not change result
    // type" (0A000); the call runs again unnamed and still answers.
    expect((await selectAll(1).execute(store.db)).rows).toEqual([{ a: 1, b: 'x' }]);
    expect((await selectAll(2).execute(store.db)).rows).toEqual([{ a: 2, b: 'x' }]);
    // The old plan and the new name: two statements for one text.
    expect(await prepared()).toEqual([
      'select * from t where a = $1',
      'select * from t where a = $1',
    ]);
  });

  it('plans every run for its values (no generic plans)', async () => {
    const { rows } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(store.db);
    expect(rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    await selectAll(1).execute(store.db);
    const plans = await sql<{ generic_plans: number; custom_plans: number }>`
      select generic_plans, custom_plans from pg_prepared_statements
       where statement = 'select * from t where a = $1'`.execute(store.db);
    expect(plans.rows.every((r) => Number(r.generic_plans) === 0)).toBe(true);
    expect(plans.rows.some((r) => Number(r.custom_plans) > 5)).toBe(true);
  });

  it('prepares nothing inside a transaction, where a failed plan would abort it', async () => {
    const before = await prepared();
    const inTransaction = sql`select a from t where a > ${0} order by a`;
    const rows = await store.db.transaction().execute(async (trx) => {
      await inTransaction.execute(trx);
      return (await inTransaction.execute(trx)).rows;
    });
    expect(rows).toEqual([{ a: 1 }, { a: 2 }]);
    expect(await prepared()).toEqual(before);
  });

  it('prepares nothing when switched off (PG_PREPARED_STATEMENTS=off)', async () => {
    const plain = openStore({
      databaseUrl: url,
      pgOptions: `-c search_path=${schema}`,
      pgPoolSize: 1,
      pgPreparedStatements: false,
    });
    try {
      for (let i = 0; i < 3; i++) await selectAll(1).execute(plain.db);
      const { rows } = await sql<{
        n: number;
      }>`select count(*) as n from pg_prepared_statements`.execute(plain.db);
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await plain.close();
    }
  });

  it('passes other errors through', async () => {
    const missing = sql`select * from no_such_table where a = ${1}`;
    await expect(missing.execute(store.db)).rejects.toMatchObject({ code: '42P01' });
    await expect(missing.execute(store.db)).rejects.toMatchObject({ code: '42P01' });
  });
});
