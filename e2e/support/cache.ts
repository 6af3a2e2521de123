import type { Page } from '@playwright/test';

// The web client's local cache (IndexedDB 'parley-cache', written debounced
// by packages/web/src/sync/cache-sync.ts), read in the page: a
// journey that reloads to see the cache polls for the rows it needs
// instead of sleeping past the debounce.

/** The rows as cache-sync.ts stores them (protocol objects, only the fields journeys read). */
export type CachedRows = {
  conversations: {
    id: number;
    data: { current_user: { last_message: { message: string } | null } };
  };
  threads: { conversation_id: number; messages: { message: string }[] };
};

/**
 * The row under `key` in one store of the cache, or null while there is
 * none. A database that does not exist yet is not created by looking.
 */
export function readCacheRow<S extends keyof CachedRows>(
  page: Page,
  store: S,
  key: number,
): Promise<CachedRows[S] | null> {
  return page.evaluate(
    async ({ store, key }) => {
      const names = (await indexedDB.databases()).map((d) => d.name);
      if (!names.includes('parley-cache')) return null;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('parley-cache');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('cache not opened'));
      });
      try {
        // Created but not yet upgraded by the app: no stores, so no rows.
        if (!db.objectStoreNames.contains(store)) return null;
        return await new Promise<CachedRows[S] | null>((resolve, reject) => {
          const get = db.transaction(store).objectStore(store).get(key);
          get.onsuccess = () => resolve((get.result as CachedRows[S] | undefined) ?? null);
          get.onerror = () => reject(get.error ?? new Error('cache row not read'));
        });
      } finally {
        db.close(); // an open connection would block the app's own delete or upgrade
      }
    },
    { store, key },
  );
}
