import { Migrator, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './types';
import { migrations as releaseMigrations } from './migrations/index';

// Expand-then-contract (docs/OPERATIONS.md, "Upgrades and migrations"): a
// release's migrations only add, so the previous release keeps running on the
// schema a newer node has already migrated; what they replace is dropped in a
// later release. Hence the rule at start:
// - every migration the database has is one this release knows: apply the
//   missing ones, in any order (branches merged late add numbers below the
//   newest applied one, e.g. 0014–0017 after 0018);
// - the database also has migrations this release does not know, and has all
//   of this release's own: a newer release migrated it; run on it (warning);
// - it has unknown ones AND lacks some of this release's own: the two
//   releases diverged (neither is the other's predecessor); refuse to start.

const MIGRATION_TABLE = 'kysely_migration';

export class MigrationMismatchError extends Error {
  override name = 'MigrationMismatchError';
}

export interface MigrateOptions {
  /** The release's migrations (this release's list without it; tests pass others). */
  migrations?: Record<string, Migration>;
  /** Called with the migrations a newer release applied that this one does not know. */
  onNewerSchema?: (unknown: string[]) => void;
}

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

/** Names of the migrations the database records; none before the first start. */
async function appliedMigrations(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const table = schema ? sql.table(`${schema}.${MIGRATION_TABLE}`) : sql.table(MIGRATION_TABLE);
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    return rows.map((r) => r.name);
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const missingTable =
      code === '42P01' || (typeof message === 'string' && message.includes('no such table'));
    if (missingTable) return [];
    throw error;
  }
}

/**
 * The migrations the database has and this release does not know (a newer
 * release applied them), or null when there are none. Throws
 * MigrationMismatchError when the database also lacks one of this release's.
 */
async function newerMigrations(
  db: Kysely<Database>,
  own: Record<string, Migration>,
  schema?: string,
): Promise<string[] | null> {
  const applied = await appliedMigrations(db, schema);
  const unknown = applied.filter((name) => !(name in own)).sort();
  if (unknown.length === 0) return null;
  const done = new Set(applied);
  const missing = Object.keys(own)
    .filter((name) => !done.has(name))
    .sort();
  if (missing.length > 0) {
    throw new MigrationMismatchError(
      `the database has migrations this release does not know (${unknown.join(', ')}) but lacks ` +
        `this release's ${missing.join(', ')}: it was migrated by a release that is not a ` +
        `successor of this one; run that release or one that has both`,
    );
  }
  return unknown;
}

/**
 * Brings the schema up to date. Safe to run on every start and, on
 * PostgreSQL, from several nodes at once: Kysely's migrator takes a lock (an
 * advisory lock) and skips migrations already recorded. (On SQLite its lock
 * holds within one connection: one node, one process migrating.) Returns the
 * names applied.
 */
export async function runMigrations(
  db: Kysely<Database>,
  options: MigrateOptions = {},
): Promise<string[]> {
  const own = options.migrations ?? releaseMigrations;
  const schema = await migrationSchema(db);
  let unknown = await newerMigrations(db, own, schema);
  if (unknown === null) {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(own) },
      allowUnorderedMigrations: true,
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    if (!error) {
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    }
    // A newer node may have migrated between the look and the migrator
    // (Kysely then refuses: "previously executed migration … is missing").
    unknown = await newerMigrations(db, own, schema);
    if (unknown === null) throw error instanceof Error ? error : new Error(String(error));
  }
  options.onNewerSchema?.(unknown);
  return [];
}
