import type BetterSqlite3 from 'better-sqlite3';
import { SQLite } from './sqlite-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRowBuilder, withBuiltRows } from './row-builder';

// Rows built from raw arrays must be the very objects better-sqlite3 would
// have made: same keys in the same order, same values and types, the same
// winner when two columns share a name.

describe('rows built from raw arrays', () => {
  let db: BetterSqlite3.Database;

  beforeAll(() => {
    db = new SQLite(':memory:');
    db.exec(`
      create table a (id integer primary key, name text, score real, data blob, note text);
      create table b (id integer primary key, a_id integer, name text);
      insert into a values (1, 'one', 1.5, x'00ff', null), (2, 'two "quoted"', -2, null, 'n');
      insert into b values (10, 1, 'b-one'), (20, 2, 'b-two');
    `);
  });
  afterAll(() => db.close());

  const queries: [string, unknown[]][] = [
    ['select * from a order by id', []],
    ['select a.*, b.* from a join b on b.a_id = a.id order by a.id', []],
    ['select b.*, a.* from a join b on b.a_id = a.id where a.id = ?', [2]],
    ['select count(*) as n, max(score) as "we""ird \\ name" from a', []],
    ['select id as "constructor", name as "toString" from a', []],
    ['select * from a where id = ?', [99]],
  ];

  it.each(queries)('%s', (source, params) => {
    const expected = db.prepare(source).all(...params);
    const built = withBuiltRows(db.prepare(source));
    const rows = built.all(...params) as Record<string, unknown>[];
    expect(rows).toEqual(expected);
    expect(rows.map((r) => Object.keys(r))).toEqual(expected.map((r) => Object.keys(r as object)));
    expect([...built.iterate(...params)]).toEqual(expected);
  });

  it('keeps the last of two columns with one name, as better-sqlite3 does', () => {
    const [row] = withBuiltRows(db.prepare('select a.*, b.* from a join b on b.a_id = a.id')).all();
    expect(row).toMatchObject({ id: 10, name: 'b-one' });
  });

  // better-sqlite3 drops such a column (its setter ignores a number); here it is kept as data.
  it('makes "__proto__" a property, never the prototype', () => {
    const build = compileRowBuilder(['__proto__', 'x']);
    const row = build([{ polluted: true }, 1]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(row, '__proto__')).toBe(true);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('hands statements that return no rows back unchanged', () => {
    const statement = db.prepare('insert into b (a_id, name) values (?, ?)');
    expect(withBuiltRows(statement)).toBe(statement);
    const info = withBuiltRows(statement).run(1, 'later');
    expect(info.changes).toBe(1);
  });

  it('returns rows of an insert … returning', () => {
    const statement = withBuiltRows(
      db.prepare('insert into b (a_id, name) values (?, ?) returning id, name'),
    );
    expect(statement.all(2, 'returned')).toEqual([{ id: expect.any(Number), name: 'returned' }]);
  });
});
