import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

// A LIMIT written into the SQL text as a number, never bound as `?`. SQLite
// (3.53 in better-sqlite3) lets its query planner read a bound LIMIT, so
// binding that parameter again expires the prepared statement and every call
// re-prepares it: 3–17 µs more per query (bench/RESULTS.md). A literal keeps
// the cached statement; each distinct limit is one more cache entry, and the
// limits in use are a handful of page sizes. ESLint requires it on every
// `.limit(` of the server.

export function rowLimit(count: number): RawBuilder<number> {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`row limit must be a non-negative integer, got ${count}`);
  }
  return sql.lit(count);
}
