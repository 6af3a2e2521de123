import type { Statement } from 'better-sqlite3';

// better-sqlite3 builds each result row as an object, one property set from
// C++ at a time: for a page of 51 conversations (39 columns) that was twice
// the time SQLite took to find and read them (816 against 408 µs, bench
// store of issue 6). Reading rows as arrays (raw mode) and turning them into
// objects with one object literal per statement, compiled from the
// statement's own column names, gives the same objects for the price of the
// arrays: V8 creates every row of a statement with one shape in one step.

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * `(values) => ({ name0: values[0], name1: values[1], … })` for these column
 * names. A name repeated (two tables' `id`) keeps its last value, exactly as
 * better-sqlite3's own objects do. Names are written as JSON string literals,
 * so no column name can be read as code.
 */
export function compileRowBuilder(names: string[]): RowBuilder {
  const properties = names.map((name, i) =>
    // A literal `"__proto__": v` would set the prototype; the computed form makes a property.
    name === '__proto__' ? `["__proto__"]: values[${i}]` : `${JSON.stringify(name)}: values[${i}]`,
  );
  return new Function('values', `return { ${properties.join(', ')} };`) as RowBuilder;
}

/** The part of a Statement that Kysely's SQLite driver uses. */
export type DriverStatement = Pick<Statement, 'reader' | 'all' | 'run' | 'iterate'>;

/**
 * A statement whose `all` and `iterate` return the same row objects as
 * better-sqlite3's, built from raw rows. Statements that return no rows are
 * handed back unchanged.
 */
export function withBuiltRows(statement: Statement): DriverStatement {
  if (!statement.reader) return statement;
  const build = compileRowBuilder(statement.columns().map((column) => column.name));
  statement.raw(true);
  return {
    reader: true,
    run: (...params: unknown[]) => statement.run(...params),
    all: (...params: unknown[]) => (statement.all(...params) as unknown[][]).map(build),
    *iterate(...params: unknown[]) {
      for (const values of statement.iterate(...params) as IterableIterator<unknown[]>) {
        yield build(values);
      }
    },
  } as DriverStatement;
}
