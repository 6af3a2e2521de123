import { existsSync } from 'node:fs';
import { SQLite } from '../sqlite-driver';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openStore } from '../db';
import { runMigrations } from '../migrate';
import type { Database } from '../types';
import { copyTable, resetSequences, sqliteSequenceOf } from './copy-tables';
import { MIGRATOR_TABLES, tablesInCopyOrder, tablesInSchema } from './introspect';
import { verifyTable } from './verify';
import type { TableCheck } from './verify';

// SQLite → PostgreSQL, for an installation that outgrows one machine:
// both schemas brought to this release by the migrations, every table of
// the target copied from the file in one transaction, sequences moved on,
// then every table counted and checksummed on both sides.

export class CopyRefused extends Error {
  override name = 'CopyRefused';
}

export interface CopyOptions {
  sqlitePath: string;
  databaseUrl: string;
  /** libpq options for the target (tests select a schema this way). */
  pgOptions?: string;
  progress?: (line: string) => void;
}

export interface CopyReport {
  tables: TableCheck[];
  /** Tables of the SQLite file PostgreSQL has no use for (the FTS5 index: PostgreSQL indexes a column). */
  leftBehind: string[];
}

function connect(options: CopyOptions) {
  return new pg.Client({
    connectionString: options.databaseUrl,
    ...(options.pgOptions ? { options: options.pgOptions } : {}),
  });
}

async function refuseNonEmpty(options: CopyOptions) {
  const client = connect(options);
  await client.connect();
  try {
    const tables = await tablesInSchema(client);
    const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
    if (tables.length > 0) {
      const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
      throw new CopyRefused(
        `the target database is not empty (schema ${rows[0]?.schema} has ${tables.length} tables: ${shown}); ` +
          'copy only into a new, empty database (createdb parley)',
      );
    }
  } finally {
    await client.end();
  }
}

/** Runs this release's migrations on the target, as a server start would. */
async function migrateTarget(options: CopyOptions) {
  const store = openStore({
    databaseUrl: options.databaseUrl,
    pgOptions: options.pgOptions,
    pgPoolSize: 1,
  });
  try {
    await runMigrations(store.db);
  } finally {
    await store.close();
  }
}

/**
 * The same on the SQLite file, through a plain connection: the store's WAL
 * checkpointer (a worker thread) is for a running server, not a one-off.
 */
async function migrateSource(path: string) {
  const database = new SQLite(path, { fileMustExist: true });
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  try {
    await runMigrations(db);
  } finally {
    await db.destroy();
  }
}

const SQLITE_INTERNAL = /^(sqlite_|messages_fts)/;

export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyReport> {
  const say = options.progress ?? (() => {});
  if (!existsSync(options.sqlitePath)) {
    throw new CopyRefused(`no SQLite database at ${options.sqlitePath}`);
  }
  await refuseNonEmpty(options);
  say('migrating both databases to this release');
  await migrateSource(options.sqlitePath);
  await migrateTarget(options);

  const source = new SQLite(options.sqlitePath, { readonly: true, fileMustExist: true });
  const target = connect(options);
  await target.connect();
  try {
    const tables = await tablesInCopyOrder(target);
    const inSource = new Set(
      (
        source.prepare(`select name from sqlite_master where type = 'table'`).all() as {
          name: string;
        }[]
      ).map((t) => t.name),
    );
    const inTarget = new Set(tables.map((t) => t.name));
    const leftBehind = [...inSource].filter(
      (n) => !inTarget.has(n) && !MIGRATOR_TABLES.has(n) && !SQLITE_INTERNAL.test(n),
    );
    const copied = tables.filter((t) => inSource.has(t.name));

    await target.query('begin');
    try {
      // Rows a migration may have seeded are in the file too: start from nothing.
      const all = tables.map((t) => `"${t.name}"`).join(', ');
      if (all) await target.query(`truncate ${all} restart identity cascade`);
      for (const table of copied) {
        const started = performance.now();
        const rows = await copyTable(source, target, table);
        await resetSequences(target, table, sqliteSequenceOf(source, table.name));
        say(
          `copied ${table.name}: ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      await target.query('commit');
    } catch (error) {
      await target.query('rollback');
      throw error;
    }

    const verifying = performance.now();
    const checks: TableCheck[] = [];
    for (const table of copied) checks.push(await verifyTable(source, target, table));
    say(`verified in ${((performance.now() - verifying) / 1000).toFixed(1)} s`);
    return { tables: checks, leftBehind };
  } finally {
    await target.end();
    source.close();
  }
}
