import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { BACKSTOP_CHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer';
import type { Checkpointer } from './sqlite-checkpointer';
import { SQLite } from './sqlite-driver';
import { withStatementCache } from './statement-cache';
import type { Database } from './types';

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
  /** How often a worker thread checkpoints SQLite's WAL (see sqlite-checkpointer). */
  checkpointIntervalMs?: number;
  onCheckpointError?: (message: string) => void;
}

const PG_INT8 = 20;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/**
 * pg returns int8 (count(*)) as a string and timestamps as Date objects; the
 * rest of the server expects numbers and ISO strings on both dialects.
 * Set per pool, not on the global pg.types, so nothing else is affected.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8) return (value: string) => Number(value);
    if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) {
      const base = pg.types.getTypeParser(oid, 'text') as (value: string) => Date;
      return (value: string) => base(value).toISOString();
    }
    return format === 'binary'
      ? pg.types.getTypeParser(oid, 'binary')
      : pg.types.getTypeParser(oid, 'text');
  },
};

function openSqlite(path: string): Kysely<Database> {
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
  database.pragma('synchronous = NORMAL');
  database.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
}

function openPostgres(url: string, options: StoreOptions): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    types: pgTypes,
    ...(options.pgOptions ? { options: options.pgOptions } : {}),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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
    db = openSqlite(options.sqlitePath);
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
