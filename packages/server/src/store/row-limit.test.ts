import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rowLimit } from './row-limit';
import { SQLite } from './sqlite-driver';

interface Db {
  items: { id: number };
}

describe('rowLimit', () => {
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });

  it('writes the limit into the SQL text instead of binding it', () => {
    const compiled = db
      .selectFrom('items')
      .select('id')
      .where('id', '>', 3)
      .limit(rowLimit(25))
      .compile();
    expect(compiled.sql).toMatch(/limit 25$/);
    expect(compiled.parameters).toEqual([3]);
  });

  it('limits the rows SQLite returns', async () => {
    await db.schema.createTable('items').addColumn('id', 'integer').execute();
    await db
      .insertInto('items')
      .values([1, 2, 3, 4, 5, 6].map((id) => ({ id })))
      .execute();
    const rows = await db
      .selectFrom('items')
      .select('id')
      .orderBy('id')
      .limit(rowLimit(2))
      .execute();
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('refuses anything but a non-negative safe integer', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => rowLimit(bad)).toThrow(RangeError);
    }
    expect(() => rowLimit(0)).not.toThrow();
  });
});
