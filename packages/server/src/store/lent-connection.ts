import { SqliteDialect } from 'kysely';
import type { Driver, Kysely, SqliteDialectConfig } from 'kysely';
import type { DriverStatement } from './row-builder';

// Kysely runs each query through its executor: a connection is provided
// behind a mutex, the driver is awaited, the result passed through plugins.
// That is a handful of promises per statement, about as much CPU as SQLite's
// own work on the small statements a send runs a dozen of (bench/RESULTS.md).
// A query compiled ahead (compiled-once.ts) can instead run its cached
// statement on the one SQLite connection directly, whenever that cannot
// change what it sees or what others see:
// - inside the group commit's transaction, which holds the connection until
//   its COMMIT: the same statement, the same connection, the same
//   transaction, without the detour;
// - on the store itself while no query or transaction holds the connection
//   (none has asked Kysely's driver for it and not yet given it back):
//   better-sqlite3 is synchronous, so the statement runs to its end before
//   anything else can start, as if it had taken the mutex.
// Anywhere else (the connection busy, another transaction) queries keep
// Kysely's path, mutex included.

type Prepare = (sql: string) => DriverStatement;

interface StoreConnection {
  prepare: Prepare;
  /** Kysely queries and transactions that asked for the connection and have not released it. */
  users: number;
}

const stores = new WeakMap<object, StoreConnection>();
const lent = new WeakMap<object, Prepare>();

/**
 * Kysely's SQLite dialect, counting who holds or waits for the connection,
 * for the store that `register` is then called with.
 */
export function countingSqliteDialect(config: SqliteDialectConfig & { prepare: Prepare }): {
  dialect: SqliteDialect;
  register: (db: Kysely<never>) => void;
} {
  const connection: StoreConnection = { prepare: config.prepare, users: 0 };
  class CountingSqliteDialect extends SqliteDialect {
    override createDriver(): Driver {
      const driver = super.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      const release = driver.releaseConnection.bind(driver);
      driver.acquireConnection = async () => {
        connection.users++;
        try {
          return await acquire();
        } catch (error) {
          connection.users--;
          throw error;
        }
      };
      driver.releaseConnection = async (held) => {
        try {
          await release(held);
        } finally {
          connection.users--;
        }
      };
      return driver;
    }
  }
  return {
    dialect: new CountingSqliteDialect(config),
    register: (db) => stores.set(db, connection),
  };
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
  const connection = stores.get(db);
  if (!connection) return fn();
  lent.set(trx, connection.prepare);
  try {
    return await fn();
  } finally {
    lent.delete(trx);
  }
}

/** The statements to run on directly, when `db` may use the SQLite connection right now. */
export function lentStatements<DB>(db: Kysely<DB>): Prepare | undefined {
  const lentTo = lent.get(db);
  if (lentTo) return lentTo;
  const connection = stores.get(db);
  return connection && connection.users === 0 ? connection.prepare : undefined;
}
