import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_WAIT_MS, clearCacheStorage } from './cache-storage';

const PRECACHE = 'workbox-precache-v2';

/** jsdom has no Cache Storage: a small in-memory stand-in. */
function stubCaches(names: string[]) {
  const store = new Set(names);
  vi.stubGlobal('caches', {
    keys: async () => [...store],
    delete: async (name: string) => store.delete(name),
  });
  return store;
}

/**
 * A service worker being installed; `finish` goes through install and
 * activate the way workbox does: the precache is written while installing
 * and opened (so created again) while activating.
 */
function stubInstallingWorker(store: Set<string>) {
  const worker = Object.assign(new EventTarget(), { state: 'installing' });
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: { getRegistration: async () => ({ installing: worker }) },
  });
  const moveTo = (state: string) => {
    worker.state = state;
    worker.dispatchEvent(new Event('statechange'));
  };
  return {
    finish: async () => {
      store.add(PRECACHE);
      moveTo('installed');
      moveTo('activating');
      // A logout that woke at 'installed' has cleared by now, before activate runs.
      await new Promise((resolve) => setTimeout(resolve, 0));
      store.add(PRECACHE);
      moveTo('activated');
    },
  };
}

describe('clearCacheStorage (logout, spec 4)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('drops every cache when no service worker is installing', async () => {
    const store = stubCaches([PRECACHE, 'images']);
    await clearCacheStorage();
    expect(store.size).toBe(0);
  });

  it('waits for an install under way, so its precache writes do not outlive the logout', async () => {
    const store = stubCaches(['images']);
    const install = stubInstallingWorker(store);
    let done = false;
    const clearing = clearCacheStorage().then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    await install.finish();
    await clearing;
    expect(store.size).toBe(0);
  });

  it('does not hold the logout up for a slow install, and drops its precache once written', async () => {
    vi.useFakeTimers();
    const store = stubCaches(['images']);
    const install = stubInstallingWorker(store);
    let done = false;
    const clearing = clearCacheStorage().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(INSTALL_WAIT_MS);
    await clearing;
    expect(done).toBe(true);
    expect(store.size).toBe(0);

    vi.useRealTimers();
    await install.finish();
    await vi.waitFor(() => expect(store.size).toBe(0));
  });
});
