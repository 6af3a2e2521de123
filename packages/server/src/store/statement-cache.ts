import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { Lru } from '../lru';

/**
 * better-sqlite3 as Kysely's SqliteDialect sees it, with prepared statements
 * kept and reused. Kysely's driver calls `prepare(sql)` for every query; a
 * busy server spent 12 % of its CPU re-preparing the same few dozen
 * statements (bench/RESULTS.md). Statements are keyed by their SQL text, so
 * a query with a different number of `in (…)` values is its own entry.
 *
 * Reusing one Statement is safe because Kysely's single SQLite connection is
 * behind a mutex: no two queries (or a stream and a query) run on it at once.
 */
export function withStatementCache(
  database: SqliteDatabase,
  capacity = 256,
): Pick<SqliteDatabase, 'prepare' | 'close'> {
  const statements = new Lru<string, Statement>(capacity);
  return {
    close: () => database.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (!statement) statements.set(source, (statement = database.prepare(source)));
      return statement;
    },
  } as Pick<SqliteDatabase, 'prepare' | 'close'>;
}
