import type { Database as SqliteDatabase } from 'better-sqlite3';
import { withBuiltRows } from './row-builder';
import type { DriverStatement } from './row-builder';

/**
 * better-sqlite3 as Kysely's SqliteDialect sees it, with prepared statements
 * kept and reused. Kysely's driver calls `prepare(sql)` for every query; a
 * busy server spent 12 % of its CPU re-preparing the same few dozen
 * statements (bench/RESULTS.md). Statements are keyed by their SQL text, so
 * a query with a different number of `in (…)` values is its own entry. The
 * set of distinct statements is small; should it ever pass `capacity` the
 * cache starts over (cheaper on every hit than keeping a recency order).
 * Rows are built from raw arrays (row-builder.ts), once per statement.
 *
 * Reusing one Statement is safe because Kysely's single SQLite connection is
 * behind a mutex: no two queries (or a stream and a query) run on it at once.
 */
export function withStatementCache(
  database: SqliteDatabase,
  capacity = 512,
): Pick<SqliteDatabase, 'prepare' | 'close'> {
  const statements = new Map<string, DriverStatement>();
  return {
    close: () => database.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (!statement) {
        if (statements.size >= capacity) statements.clear();
        statements.set(source, (statement = withBuiltRows(database.prepare(source))));
      }
      return statement;
    },
  } as Pick<SqliteDatabase, 'prepare' | 'close'>;
}
