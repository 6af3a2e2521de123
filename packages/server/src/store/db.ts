import type { Durability } from './durability';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { PostgresPool } from 'kysely';
import type pg from 'pg';
import { BACKSTOP_CHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer';
import type { Checkpointer } from './sqlite-checkpointer';
import { SQLite } from './sqlite-driver';
import { countingSqliteDialect } from './lent-connection';
import { withStatementCache } from './statement-cache';
import type { Database } from './types';
import { markIfUnavailable } from './unavailable';

export type StoreKind = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  kind: StoreKind;
  /** Is the database answering? Used by /api/v1/ready. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** postgres://… ; when absent, SQLite at sqlitePath. */
  databaseUrl?: string | null;
  sqlitePath?: string;
  /** Extra libpq options, e.g. `-c search_path=…` (tests isolate suites this way). */
  pgOptions?: string;
  pgPoolSize?: number;
  /** `fsync`: a commit returns once it is on disk (SQLite synchronous=FULL; PostgreSQL synchronous_commit=on). */
  durability?: Durability;
  /** How often a worker thread checkpoints SQLite's WAL (see sqlite-checkpointer). */
  checkpointIntervalMs?: number;
  onCheckpointError?: (message: string) => void;
  /**
   * PostgreSQL: an idle pooled connection failed (the server restarted or
   * terminated it). The pool drops that connection and opens a new one on
   * demand; without a listener the 'error' event would end the process.
   */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL: how long a query waits for a connection before failing (5 s). */
  pgConnectTimeoutMs?: number;
}

const require = createRequire(import.meta.url);

/**
 * pg is loaded only when DATABASE_URL selects PostgreSQL: a SQLite install
 * never uses its MiBs of heap. A plain require, as openStore is synchronous.
 */
const loadPg = () => require('pg') as typeof pg;

const PG_INT8 = 20;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/**
 * pg returns int8 (count(*)) as a string and timestamps as Date objects; the
 * rest of the server expects numbers and ISO strings on both dialects.
 * Set per pool, not on the global pg.types, so nothing else is affected.
 */
const pgTypesOf = (types: typeof pg.types) => ({
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8) return (value: string) => Number(value);
    if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) {
      const base = types.getTypeParser(oid, 'text') as (value: string) => Date;
      return (value: string) => base(value).toISOString();
    }
    return format === 'binary'
      ? types.getTypeParser(oid, 'binary')
      : types.getTypeParser(oid, 'text');
  },
});

function openSqlite(path: string, durability: Durability): Kysely<Database> {
  // Keep in step with the worker in sqlite-checkpointer.ts, which opens the same file.
  mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  // WAL lets readers run beside the one writer; busy_timeout makes a second
  // process (a CLI, a migration) wait instead of failing; foreign keys are
  // off by default in SQLite. synchronous=NORMAL is durable against process
  // crashes in WAL mode (only an OS crash can lose the last commits).
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // DURABILITY=fsync: FULL fsyncs the WAL at every commit, so an OS crash or
  // power cut loses no acknowledged message either (store/durability.ts).
  database.pragma(`synchronous = ${durability === 'fsync' ? 'FULL' : 'NORMAL'}`);
  database.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const statements = withStatementCache(database);
  const { dialect, register } = countingSqliteDialect({
    database: statements,
    prepare: statements.prepare,
  });
  const db = new Kysely<Database>({ dialect });
  register(db as Kysely<never>);
  return db;
}

/**
 * Marks the errors of a connection's queries that mean "unreachable"
 * (store/unavailable.ts), once per pooled connection: a terminated
 * connection, a reset socket. Every other error passes untouched.
 */
function markQueryErrors(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const marking = (...args: unknown[]) => {
    const result = query(...args);
    return result instanceof Promise
      ? result.catch((error: unknown) => {
          throw markIfUnavailable(error);
        })
      : result;
  };
  Object.assign(client, { query: marking });
}

/** libpq options: the caller's, plus synchronous_commit=on when DURABILITY=fsync (overrides a server's off). */
function pgConnectionOptions(options: StoreOptions): { options?: string } {
  const parts = [
    options.pgOptions,
    options.durability === 'fsync' ? '-c synchronous_commit=on' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return parts ? { options: parts } : {};
}

function openPostgres(url: string, options: StoreOptions): Kysely<Database> {
  const pgModule = loadPg();
  const pool = new pgModule.Pool({
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    types: pgTypesOf(pgModule.types),
    // While the server is unreachable a request fails (503) within this
    // instead of waiting for a connection forever.
    connectionTimeoutMillis: options.pgConnectTimeoutMs ?? 5000,
    ...pgConnectionOptions(options),
  });
  // A restart fails every idle connection at once: one report for the lot
  // (errors less than 5 s after the previous one are not reported again).
  let lastError = 0;
  pool.on('error', (error) => {
    const now = Date.now();
    if (now - lastError >= 5000) options.onPoolError?.(error);
    lastError = now;
  });
  // A connection that dies while checked out (between the statements of a
  // transaction) emits 'error' on the client, where the pool listens only
  // while it is idle: without this the process would end. The statement
  // in flight fails on its own, and the pool drops the connection on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    markQueryErrors(client);
  });
  // Connection attempts too (ECONNREFUSED while the server is down).
  const marked: PostgresPool = {
    connect: () =>
      pool.connect().catch((error: unknown) => {
        throw markIfUnavailable(error);
      }),
    end: () => pool.end(),
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: marked }) });
}

export function openStore(options: StoreOptions): Store {
  const kind: StoreKind = options.databaseUrl ? 'postgres' : 'sqlite';
  let db: Kysely<Database>;
  let checkpointer: Checkpointer | null = null;
  if (options.databaseUrl) {
    db = openPostgres(options.databaseUrl, options);
  } else {
    if (!options.sqlitePath)
      throw new Error('openStore: sqlitePath is required without databaseUrl');
    db = openSqlite(options.sqlitePath, options.durability ?? 'commit');
    checkpointer = startCheckpointer(
      options.sqlitePath,
      options.checkpointIntervalMs ?? 1000,
      options.onCheckpointError ?? (() => {}),
    );
  }
  return {
    db,
    kind,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}
