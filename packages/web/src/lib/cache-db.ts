import Dexie from 'dexie';
import type { EntityTable } from 'dexie';

// The local cache database (spec 4 "local cache database"): the conversation
// list, the newest messages of opened conversations and the offline queue,
// so a start renders at once and a message written offline survives a
// reload. Rows are stored as the server sent them and parsed with the
// protocol schemas when read (features do that); logout deletes the whole
// database.

export const CACHE_DB_NAME = 'parley-cache';

export type CacheMeta = { key: string; value: unknown };
/** One conversation as the server sent it (a protocol Conversation). */
export type CachedConversation = { id: number; data: unknown };
/** The newest messages of one conversation (protocol Messages, ascending). */
export type CachedThread = { conversation_id: number; messages: unknown[] };
/** A message not confirmed yet (the offline queue). */
export type CachedPending = { uuid: string; data: unknown };

export class CacheDb extends Dexie {
  meta!: EntityTable<CacheMeta, 'key'>;
  conversations!: EntityTable<CachedConversation, 'id'>;
  threads!: EntityTable<CachedThread, 'conversation_id'>;
  pending!: EntityTable<CachedPending, 'uuid'>;

  constructor() {
    super(CACHE_DB_NAME);
    this.version(1).stores({ meta: 'key' });
    this.version(2).stores({
      meta: 'key',
      conversations: 'id',
      threads: 'conversation_id',
      pending: 'uuid',
    });
  }
}

export const cacheDb = new CacheDb();

let writesBlocked = false;

/** False from logout's delete until the next signed-in start: late writes must not revive it. */
export function cacheWritable(): boolean {
  return !writesBlocked;
}

export function allowCacheWrites(): void {
  writesBlocked = false;
}

/** Deletes the database; the instance may be reopened afterwards by the next user. */
export async function deleteCacheDb(): Promise<void> {
  writesBlocked = true;
  await cacheDb.delete({ disableAutoOpen: false });
}
