import { PostgresAdapter, sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';

/** Migrations are shared; the few DDL spots that differ ask this. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: only the adapter is read
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A unique-constraint violation, as either driver reports it. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * `column IN (values)`. On PostgreSQL `column = any($1)` with the list as one
 * array parameter: a single statement text for every length, so it is
 * prepared once (store/pg-prepared.ts) rather than once per length. Callers
 * skip an empty list, as with IN.
 */
export function anyOf(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: only the adapter is read
  db: Kysely<any>,
  column: string,
  values: readonly (number | string)[],
): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(${[...values]})`
    : sql<SqlBool>`${sql.ref(column)} in (${sql.join(values)})`;
}
