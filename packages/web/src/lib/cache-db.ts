import { deleteDB, openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';

// The local cache database (spec 4 "local cache database"): the conversation
// list, the newest messages of opened conversations and the offline queue,
// so a start renders at once and a message written offline survives a
// reload. Rows are stored as the server sent them and parsed with the
// protocol schemas when read (features do that); logout deletes the whole
// database.
//
// `idb` (a thin promise wrapper, ~1 KB) rather than Dexie (~30 KB gzip in
// the chat screen's first load): the cache only gets, puts and clears whole
// stores, which needs none of Dexie's query layer.

export const CACHE_DB_NAME = 'parley-cache';
/** Dexie numbered its schema 2 as IndexedDB version 20: the same, so existing caches open as they are. */
const CACHE_DB_VERSION = 20;

export type CacheMeta = { key: string; value: unknown };
/** One conversation as the server sent it (a protocol Conversation). */
export type CachedConversation = { id: number; data: unknown };
/** The newest messages of one conversation (protocol Messages, ascending). */
export type CachedThread = { conversation_id: number; messages: unknown[] };
/** A message not confirmed yet (the offline queue). */
export type CachedPending = { uuid: string; data: unknown };

export interface CacheSchema extends DBSchema {
  meta: { key: string; value: CacheMeta };
  conversations: { key: number; value: CachedConversation };
  threads: { key: number; value: CachedThread };
  pending: { key: string; value: CachedPending };
}

export type CacheDb = IDBPDatabase<CacheSchema>;
export const CACHE_STORES = ['conversations', 'threads', 'pending', 'meta'] as const;

/** Keys of the `meta` store: whose cache it is (a user id), and the list's counters. */
export const META_KEYS = {
  owner: 'owner',
  unreadTotal: 'unread_total',
  userSeq: 'user_seq',
} as const;

let opening: Promise<CacheDb> | null = null;

/** The open database, opened (and created or upgraded) on first use. */
export function cacheDb(): Promise<CacheDb> {
  opening ??= openDB<CacheSchema>(CACHE_DB_NAME, CACHE_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta', { keyPath: 'key' });
      if (!db.objectStoreNames.contains('conversations'))
        db.createObjectStore('conversations', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('threads'))
        db.createObjectStore('threads', { keyPath: 'conversation_id' });
      if (!db.objectStoreNames.contains('pending'))
        db.createObjectStore('pending', { keyPath: 'uuid' });
    },
    // Another tab deletes or upgrades the database (a logout there): let go,
    // and open afresh on the next use.
    blocking() {
      void closeCacheDb();
    },
  }).catch((error: unknown) => {
    opening = null; // no IndexedDB now (private mode) need not mean never
    throw error;
  });
  return opening;
}

/** Everything the cache holds, unparsed (the features parse what they read). */
export type CacheRows = {
  owner: unknown;
  unreadTotal: unknown;
  userSeq: unknown;
  conversations: CachedConversation[];
  threads: CachedThread[];
  pending: CachedPending[];
};

async function readAllRows(): Promise<CacheRows> {
  const tx = (await cacheDb()).transaction(CACHE_STORES, 'readonly');
  const meta = tx.objectStore('meta');
  const [conversations, threads, pending, owner, unreadTotal, userSeq] = await Promise.all([
    tx.objectStore('conversations').getAll(),
    tx.objectStore('threads').getAll(),
    tx.objectStore('pending').getAll(),
    meta.get(META_KEYS.owner),
    meta.get(META_KEYS.unreadTotal),
    meta.get(META_KEYS.userSeq),
  ]);
  return {
    owner: owner?.value,
    unreadTotal: unreadTotal?.value,
    userSeq: userSeq?.value,
    conversations,
    threads,
    pending,
  };
}

/** A read started before anyone asked (the entry, for the chat's first paint). */
let early: Promise<CacheRows> | null = null;

/**
 * Starts reading the whole cache now: opening IndexedDB and reading it take
 * a while, which then overlaps with loading the chat's code.
 */
export function preloadCacheRows(): void {
  early ??= readAllRows();
  early.catch(() => undefined); // the reader that takes it sees the failure
}

/** The whole cache in one transaction: the preloaded read (handed out once) or a new one. */
export function readCacheRows(): Promise<CacheRows> {
  const rows = early ?? readAllRows();
  early = null;
  return rows;
}

async function closeCacheDb(): Promise<void> {
  early = null; // read from a database being deleted or upgraded elsewhere
  const open = opening;
  opening = null;
  if (open) (await open.catch(() => null))?.close();
}

let writesBlocked = false;

/** False from logout's delete until the next signed-in start: late writes must not revive it. */
export function cacheWritable(): boolean {
  return !writesBlocked;
}

export function allowCacheWrites(): void {
  writesBlocked = false;
}

/** Deletes the database; the next use opens a new, empty one (for the next user). */
export async function deleteCacheDb(): Promise<void> {
  writesBlocked = true;
  await closeCacheDb();
  await deleteDB(CACHE_DB_NAME);
}
