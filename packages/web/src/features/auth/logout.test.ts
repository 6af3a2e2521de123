import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@parley/protocol/constants';
import { CACHE_DB_NAME, cacheDb } from '../../lib/cache-db';
import { setNavigator } from '../../lib/navigation';
import { getAccessToken } from '../../lib/tokens';
import { json, mockFetch, resetBrowserState, signIn } from '../../test/http-fixtures';
import { logout } from './logout';
import { useSessionStore } from './session-store';

const cacheExists = async () => (await indexedDB.databases()).some((d) => d.name === CACHE_DB_NAME);

/** jsdom has no Cache Storage: a small in-memory stand-in. */
function stubCaches() {
  const store = new Map<string, unknown>([
    ['workbox-precache-v2', {}],
    ['images', {}],
  ]);
  vi.stubGlobal('caches', {
    keys: async () => [...store.keys()],
    delete: async (name: string) => store.delete(name),
  });
  return store;
}

describe('logout (spec 4)', () => {
  beforeEach(() => resetBrowserState());
  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(null);
  });

  it('calls the server if asked, then clears cookie, cache db, Cache Storage and storage except locale, and goes to /', async () => {
    signIn('tok', 'refresh');
    useSessionStore.setState({ authenticated: true });
    localStorage.setItem(STORAGE_KEYS.locale, 'ru');
    localStorage.setItem(STORAGE_KEYS.sidebar, '1');
    localStorage.setItem(`${STORAGE_KEYS.draftPrefix}5`, 'hello');
    await (await cacheDb()).put('meta', { key: 'probe', value: 1 });
    expect(await cacheExists()).toBe(true);
    const caches = stubCaches();
    const navigate = vi.fn();
    setNavigator(navigate);
    const fetchSpy = mockFetch(() => json(200, { status: 'ok' }));

    await logout({ callServer: true });

    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/v1/logout');
    expect(getAccessToken()).toBeNull();
    expect(document.cookie).not.toContain('token=');
    expect(await cacheExists()).toBe(false);
    expect(caches.size).toBe(0);
    expect({ ...localStorage }).toEqual({ [STORAGE_KEYS.locale]: 'ru' });
    expect(useSessionStore.getState().authenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('still signs out locally when the server cannot be reached, and skips the call when not asked', async () => {
    signIn('tok', 'refresh');
    stubCaches();
    setNavigator(vi.fn());
    const fetchSpy = mockFetch(() => Promise.reject(new TypeError('offline')));
    await logout({ callServer: true });
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();

    fetchSpy.mockClear();
    await logout();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('lets the cache database be used again after a logout', async () => {
    stubCaches();
    setNavigator(vi.fn());
    await logout();
    await (await cacheDb()).put('meta', { key: 'again', value: 2 });
    expect(await (await cacheDb()).get('meta', 'again')).toEqual({ key: 'again', value: 2 });
  });
});
