import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@parley/protocol/http/routes';
import {
  headerOf,
  json,
  mockFetch,
  resetBrowserState,
  sampleUser,
  signIn,
  tokenPair,
} from '../test/http-fixtures';
import { setAuthFailureHandler } from './auth-failure';
import { useErrorList } from './error-list';
import { call } from './http';
import { prefetch, takePrefetched } from './prefetch';

// The entry sends the chat's first GETs before the chat's code is here; the
// HTTP client must then use those replies instead of asking again, but only
// when that is the same as asking now.

const getUser = () => call(routes.user);

describe('prefetched GETs', () => {
  beforeEach(() => {
    resetBrowserState();
    document.cookie = 'XSRF-TOKEN=csrf-abc; path=/';
    setAuthFailureHandler(vi.fn());
    useErrorList.getState().clear();
    takePrefetched(routes.user.path); // nothing left over from another test
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('goes out with the standard headers, and the client takes its reply instead of asking again', async () => {
    signIn('tok-1');
    const fetchSpy = mockFetch(() => json(200, sampleUser));
    prefetch([routes.user.path]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v1/user');
    expect(headerOf(init, 'Authorization')).toBe('Bearer tok-1');
    expect(headerOf(init, 'X-Requested-With')).toBe('XMLHttpRequest');
    expect(headerOf(init, 'X-CSRF-TOKEN')).toBe('csrf-abc');

    await expect(getUser()).resolves.toEqual(sampleUser);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('is handed out once: the next call asks the server', async () => {
    signIn('tok-1');
    const fetchSpy = mockFetch(() => json(200, sampleUser));
    prefetch([routes.user.path]);
    await getUser();
    await getUser();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('is not used when the token changed since it went out', async () => {
    signIn('tok-1');
    const fetchSpy = mockFetch(() => json(200, sampleUser));
    prefetch([routes.user.path]);
    signIn('tok-2');
    await getUser();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(headerOf(fetchSpy.mock.calls[1]![1], 'Authorization')).toBe('Bearer tok-2');
  });

  it('is not used once it is more than 10 s old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    signIn('tok-1');
    const fetchSpy = mockFetch(() => json(200, sampleUser));
    prefetch([routes.user.path]);
    vi.setSystemTime(Date.now() + 10_001);
    await getUser();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('is sent again when the prefetch itself failed on the network', async () => {
    signIn('tok-1');
    let calls = 0;
    const fetchSpy = mockFetch(async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json(200, sampleUser);
    });
    prefetch([routes.user.path]);
    await expect(getUser()).resolves.toEqual(sampleUser);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('a 401 reply takes the usual way: one refresh, then one retry with the new token', async () => {
    signIn('old', 'refresh-1');
    const fetchSpy = mockFetch((url, init) => {
      if (url.endsWith('/user/refresh')) return json(200, tokenPair(2));
      return headerOf(init, 'Authorization') === 'Bearer access-2'
        ? json(200, sampleUser)
        : json(401, { message: 'Unauthenticated.' });
    });
    prefetch([routes.user.path]);
    await expect(getUser()).resolves.toEqual(sampleUser);
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/user',
      '/api/v1/user/refresh',
      '/api/v1/user',
    ]);
  });

  it('only stands in for the same plain GET', async () => {
    signIn('tok-1');
    takePrefetched(routes.conversations.path);
    const fetchSpy = mockFetch((url) =>
      url.endsWith('/folders')
        ? json(200, { folders: [], user_seq: 0 })
        : json(200, { conversations: [], next_cursor: null }),
    );
    prefetch([routes.conversations.path]);
    await call(routes.conversations, { query: { folder_id: 1 } });
    await call(routes.conversations, { signal: new AbortController().signal });
    await call(routes.folders);
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/user/conversations',
      '/api/v1/user/conversations?folder_id=1',
      '/api/v1/user/conversations',
      '/api/v1/user/folders',
    ]);
    expect(takePrefetched(routes.conversations.path)).not.toBeNull(); // still there for the GET
  });
});
