import Dexie from 'dexie';
import type { EntityTable } from 'dexie';

// The local cache database (spec 4 "local cache database"). Later issues add
// tables for conversations and messages by bumping the version; logout
// deletes the whole database.

export const CACHE_DB_NAME = 'parley-cache';

export type CacheMeta = { key: string; value: unknown };

export class CacheDb extends Dexie {
  meta!: EntityTable<CacheMeta, 'key'>;

  constructor() {
    super(CACHE_DB_NAME);
    this.version(1).stores({ meta: 'key' });
  }
}

export const cacheDb = new CacheDb();

/** Deletes the database; the instance may be reopened afterwards by the next user. */
export async function deleteCacheDb(): Promise<void> {
  await cacheDb.delete({ disableAutoOpen: false });
}
