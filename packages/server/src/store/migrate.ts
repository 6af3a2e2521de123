import { Migrator, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './types';
import { migrations } from './migrations/index';

/**
 * The schema the migrator keeps its own tables in, on PostgreSQL: the one
 * this connection's search_path puts first ('public' on a default install).
 * Without it Kysely takes a migration table of that name in *any* schema for
 * its own, skips creating it, and then fails on a table it cannot reach (a
 * database holding two installs side by side, or a test run's leftover
 * schema: "kysely_migration_lock does not exist").
 */
async function migrationSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  return rows[0]?.schema ?? undefined;
}

/**
 * Brings the schema up to date. Safe to run on every start and from several
 * nodes at once: Kysely's migrator takes a lock (a lock table row on both
 * dialects) and skips migrations already recorded.
 */
export async function runMigrations(db: Kysely<Database>): Promise<string[]> {
  const schema = await migrationSchema(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
