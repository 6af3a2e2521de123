import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';

// `column = true|false` with the flag written into the SQL text, never bound
// as `?`. SQLite (3.53 in better-sqlite3) reads a bound value where it could
// decide whether a partial index applies: a `deleted = ?` on
// conversation_members is weighed against conversation_members_revive
// (`where deleted = true`), a `hidden = ?` against the archive's index. Each
// new binding then expires the prepared statement and every call prepares it
// again: with that index the send's unread update took 10 µs instead of 2.5,
// the push check 19 instead of 1.6 (bench/RESULTS.md). A literal keeps the
// cached statement and still lets the planner match a partial index. ESLint
// requires it for the flags that partial indexes name (eslint.config.js).

export function flagIs(column: string, value: boolean): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} = ${sql.lit(value)}`;
}
