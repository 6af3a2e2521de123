import type { Kysely } from 'kysely';
import type { DriverStatement } from './row-builder';

// Kysely runs each query through its executor: a connection is provided
// behind a mutex, the driver is awaited, the result passed through plugins.
// That is a handful of promises per statement, about as much CPU as SQLite's
// own work on the small statements a send runs a dozen of (bench/RESULTS.md).
// While the group commit's transaction runs, the one SQLite connection is its
// alone (better-sqlite3 is synchronous and Kysely's mutex keeps every other
// query waiting until COMMIT), so a query of that transaction compiled ahead
// (compiled-once.ts) can run its cached statement directly: the same
// statement, the same connection, the same transaction, without the detour.
// Outside such a transaction queries keep Kysely's path, mutex included.

type Prepare = (sql: string) => DriverStatement;

const statementsOfStore = new WeakMap<object, Prepare>();
const lent = new WeakMap<object, Prepare>();

/** The SQLite store's cached statements (store/db.ts, when it opens the database). */
export function registerStatements<DB>(db: Kysely<DB>, prepare: Prepare): void {
  statementsOfStore.set(db, prepare);
}

/**
 * Runs `fn` with `trx` marked as holding `db`'s connection; the mark goes when
 * `fn` settles, so a transaction object kept past its COMMIT never runs a
 * statement outside it.
 */
export async function whileLent<DB, T>(
  db: Kysely<DB>,
  trx: Kysely<DB>,
  fn: () => Promise<T>,
): Promise<T> {
  const prepare = statementsOfStore.get(db);
  if (!prepare) return fn();
  lent.set(trx, prepare);
  try {
    return await fn();
  } finally {
    lent.delete(trx);
  }
}

/** The statements to run directly on, when `db` is a transaction holding the SQLite connection. */
export function lentStatements<DB>(db: Kysely<DB>): Prepare | undefined {
  return lent.get(db);
}
