import { Migrator } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './types';
import { migrations } from './migrations/index';

/**
 * Brings the schema up to date. Safe to run on every start and from several
 * nodes at once: Kysely's migrator takes a lock (a lock table row on both
 * dialects) and skips migrations already recorded.
 */
export async function runMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
