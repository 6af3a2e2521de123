import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openStore } from '../../packages/server/src/store/db';
import type { Store, StoreKind } from '../../packages/server/src/store/db';
import { runMigrations } from '../../packages/server/src/store/migrate';
import { createThrowawayDatabase, DEFAULT_PG_URL } from './pg';
import type { ThrowawayDatabase } from './pg';

// A throwaway store for scenarios that seed straight into the database: a
// new SQLite file in a temporary DATA_DIR, or a new PostgreSQL database made
// for this run. The server's own store module and migrations build the schema
// (read-only use of packages/server), so the tables are exactly the app's.

export interface BenchStore {
  kind: StoreKind;
  store: Store;
  /** DATA_DIR for the server (SQLite lives here; with PostgreSQL it stays empty). */
  dataDir: string;
  /** Set for PostgreSQL: what the server gets as DATABASE_URL. */
  databaseUrl: string | undefined;
  /** Closes the bench's connection (call before the server starts on SQLite). */
  close: () => Promise<void>;
  /** Drops the database / removes the directory. */
  destroy: () => Promise<void>;
}

export function parseStoreKind(raw: string | undefined): StoreKind {
  if (raw === undefined || raw === 'sqlite') return 'sqlite';
  if (raw === 'postgres' || raw === 'pg') return 'postgres';
  throw new Error(`--store must be sqlite or postgres, got ${raw}`);
}

export async function openBenchStore(
  kind: StoreKind,
  pgAdminUrl = DEFAULT_PG_URL,
  label = 'bench',
): Promise<BenchStore> {
  const dataDir = mkdtempSync(join(tmpdir(), `parley-${label}-`));
  let throwaway: ThrowawayDatabase | undefined;
  if (kind === 'postgres') throwaway = await createThrowawayDatabase(pgAdminUrl, label);
  const store = openStore({
    databaseUrl: throwaway?.url ?? null,
    sqlitePath: join(dataDir, 'parley.sqlite'),
    pgPoolSize: 2,
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await store.close();
  };
  try {
    await runMigrations(store.db);
  } catch (error) {
    await close();
    await throwaway?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    kind,
    store,
    dataDir,
    databaseUrl: throwaway?.url,
    close,
    destroy: async () => {
      await close();
      await throwaway?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * After rows were written with explicit ids, PostgreSQL's serial sequences
 * must move past them or the server's next insert collides. (SQLite's
 * AUTOINCREMENT table follows explicit rowids by itself.)
 */
export async function syncSequences(bench: BenchStore, tables: readonly string[]): Promise<void> {
  if (bench.kind !== 'postgres') return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1))`.execute(
      bench.store.db,
    );
  }
}

/** Table statistics, as autovacuum would have them on a database that grew this big. */
export async function analyze(bench: BenchStore): Promise<void> {
  if (bench.kind === 'postgres') await sql`vacuum analyze`.execute(bench.store.db);
}
