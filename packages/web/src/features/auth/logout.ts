import { clearCacheStorage } from '../../lib/cache-storage';
import { navigateTo } from '../../lib/navigation';
import { STORAGE_KEYS } from '@parley/protocol/constants';
import { clearStorageExceptLocale, readStorage } from '../../lib/storage';
import { clearAccessToken } from '../../lib/tokens';
import { useErrorList } from '../../api/error-list';
import { logoutCall } from './api';
import { useAuthStore } from './store';
import { followStoredTheme } from '../../lib/theme';

export type LogoutOptions = {
  /** Tell the server (a user's own logout); a failed refresh skips it. */
  callServer?: boolean;
  firebaseToken?: string | null;
};

let running: Promise<void> | null = null;

/**
 * Spec 4: call the server if asked, then clear the token cookie, the local
 * cache database, Cache Storage and localStorage (locale kept), and go to /.
 * Concurrent calls (several 401s at once) share one run.
 */
export function logout(options: LogoutOptions = {}): Promise<void> {
  running ??= run(options).finally(() => {
    running = null;
  });
  return running;
}

async function run({ callServer = false, firebaseToken }: LogoutOptions): Promise<void> {
  if (callServer) {
    try {
      // Spec 7: this device's push token goes with the logout; the server forgets it
      // (and every device of the session). The browser keeps its subscription for
      // whoever turns push on next; the server no longer knows it.
      await logoutCall(firebaseToken ?? readStorage(STORAGE_KEYS.pushToken));
    } catch {
      // The local sign-out below is what protects the user; carry on.
    }
  }
  clearAccessToken();
  // Dexie is imported here on demand: only logout and the cache features need it.
  const results = await Promise.allSettled([
    import('../../lib/cache-db').then((db) => db.deleteCacheDb()),
    clearCacheStorage(),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') console.error('Logout cleanup failed', result.reason);
  }
  clearStorageExceptLocale();
  followStoredTheme(); // the choice went with the storage: the system's theme again
  useErrorList.getState().clear();
  useAuthStore.getState().signedOut();
  navigateTo('/', { replace: true });
}
