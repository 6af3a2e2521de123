import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { render, screen } from '@testing-library/react';
import { ToasterHost } from '../ui/ToasterHost';
import { MSG } from '@parley/protocol/messages';
import { routes } from '@parley/protocol/http/routes';
import {
  bodyOf,
  headerOf,
  json,
  mockFetch,
  resetBrowserState,
  sampleUser,
  signIn,
  tokenPair,
} from '../test/http-fixtures';
import { getAccessToken, getRefreshToken } from '../lib/tokens';
import { changeLocale } from '../lib/i18n';
import { setAuthFailureHandler } from './auth-failure';
import { useErrorList } from './error-list';
import { ApiError, errorMessage } from './errors';
import { call } from './http';

const getUser = () => call(routes.user);

describe('http client', () => {
  const onAuthFailure = vi.fn();

  beforeEach(() => {
    resetBrowserState();
    document.cookie = 'XSRF-TOKEN=csrf-abc; path=/';
    onAuthFailure.mockReset();
    setAuthFailureHandler(onAuthFailure);
    useErrorList.getState().clear();
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('en');
  });

  it('sends Bearer, Accept-Language, X-Requested-With and the CSRF token under /api/v1', async () => {
    signIn('tok-1');
    await changeLocale('fr');
    const fetchSpy = mockFetch(() => json(200, sampleUser));
    await expect(getUser()).resolves.toEqual(sampleUser);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v1/user');
    expect(headerOf(init, 'Authorization')).toBe('Bearer tok-1');
    expect(headerOf(init, 'Accept-Language')).toBe('fr');
    expect(headerOf(init, 'X-Requested-With')).toBe('XMLHttpRequest');
    expect(headerOf(init, 'X-CSRF-TOKEN')).toBe('csrf-abc');
  });

  it('falls back to the csrf-token meta tag, and logs a console error when there is none', async () => {
    document.cookie = 'XSRF-TOKEN=; path=/; max-age=0';
    const meta = document.createElement('meta');
    meta.name = 'csrf-token';
    meta.content = 'from-meta';
    document.head.append(meta);
    const fetchSpy = mockFetch(() => json(200, sampleUser));
    await getUser();
    expect(headerOf(fetchSpy.mock.calls[0]![1], 'X-CSRF-TOKEN')).toBe('from-meta');

    meta.content = '__CSRF_TOKEN__'; // the unfilled placeholder counts as missing
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await getUser();
    expect(headerOf(fetchSpy.mock.calls[1]![1], 'X-CSRF-TOKEN')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('CSRF token not found'));
    meta.remove();
  });

  it('refreshes once for two concurrent 401s and retries each request once', async () => {
    signIn('old', 'refresh-1');
    let refreshCalls = 0;
    const fetchSpy = mockFetch(async (url, init) => {
      if (url.endsWith('/user/refresh')) {
        refreshCalls++;
        expect(bodyOf(init)).toEqual({ refresh_token: 'refresh-1' });
        expect(headerOf(init, 'Authorization')).toBeNull();
        await new Promise((r) => setTimeout(r, 10));
        return json(200, tokenPair(2));
      }
      return headerOf(init, 'Authorization') === 'Bearer access-2'
        ? json(200, sampleUser)
        : json(401, { message: MSG.unauthenticated });
    });
    const [a, b] = await Promise.all([getUser(), getUser()]);
    expect(a).toEqual(sampleUser);
    expect(b).toEqual(sampleUser);
    expect(refreshCalls).toBe(1);
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/user'))).toHaveLength(4);
    expect(getAccessToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('adopts a refresh another tab finished while this tab waited for the shared lock', async () => {
    signIn('old', 'refresh-1');
    // Another tab holds the cross-tab lock and rotates the tokens before releasing it.
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, task: () => Promise<unknown>) => {
          document.cookie = 'token=access-9; path=/';
          localStorage.setItem('refresh_token', 'refresh-9');
          return task();
        },
      },
    });
    const fetchSpy = mockFetch((url, init) => {
      if (url.endsWith('/user/refresh')) return json(200, tokenPair(3));
      return headerOf(init, 'Authorization') === 'Bearer access-9'
        ? json(200, sampleUser)
        : json(401, { message: MSG.unauthenticated });
    });
    await expect(getUser()).resolves.toEqual(sampleUser);
    // The spent token was never sent again: no refresh call at all.
    expect(
      fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/user/refresh')),
    ).toHaveLength(0);
    expect(getRefreshToken()).toBe('refresh-9');
  });

  it('does not loop when the retried request is refused again', async () => {
    signIn('old', 'refresh-1');
    const fetchSpy = mockFetch((url) =>
      url.endsWith('/user/refresh')
        ? json(200, tokenPair(2))
        : json(401, { message: MSG.unauthenticated }),
    );
    await expect(getUser()).rejects.toMatchObject({ status: 401 });
    expect(fetchSpy).toHaveBeenCalledTimes(3); // request, refresh, one retry
  });

  it('logs out on a 401 with a token and no refresh token', async () => {
    signIn('tok', null);
    const fetchSpy = mockFetch(() => json(401, { message: MSG.unauthenticated }));
    await expect(getUser()).rejects.toBeInstanceOf(ApiError);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('logs out when the refresh is refused', async () => {
    signIn('old', 'refresh-1');
    mockFetch((url) =>
      url.endsWith('/user/refresh')
        ? json(401, { message: MSG.refreshInvalid })
        : json(401, { message: MSG.unauthenticated }),
    );
    await expect(getUser()).rejects.toMatchObject({ status: 401 });
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('shows an "Error / Too many requests." toast on 429', async () => {
    render(createElement(ToasterHost)); // the real toaster, as the app mounts it
    mockFetch(() => json(429, { message: MSG.tooManyRequests }, 'Too Many Requests'));
    await expect(getUser()).rejects.toMatchObject({ status: 429 });
    expect(await screen.findByText('Too many requests.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(useErrorList.getState().errors).toEqual([]); // the toast is the whole reaction
  });

  it('takes the wait from Retry-After when the body has none (a proxy’s 429)', async () => {
    render(createElement(ToasterHost));
    mockFetch(
      () =>
        new Response('<html>429</html>', {
          status: 429,
          statusText: 'Too Many Requests',
          headers: { 'Content-Type': 'text/html', 'Retry-After': '42' },
        }),
    );
    const refused = await getUser().catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, reply: { retry_after: 42 } });
    expect(errorMessage(refused)).toBe('Too many requests. Try again in 42 sec.');
    expect(await screen.findByText(/Try again in 4\d sec\./)).toBeInTheDocument();
  });

  it('puts other failures in the shared error list, which the clear action empties', async () => {
    mockFetch(() => json(500, { message: 'Database is down' }, 'Internal Server Error'));
    await expect(getUser()).rejects.toBeInstanceOf(ApiError);
    expect(useErrorList.getState().errors.map((e) => e.message)).toEqual(['Database is down']);
    useErrorList.getState().clear();
    expect(useErrorList.getState().errors).toEqual([]);
  });

  it('keeps silent requests out of the error list', async () => {
    mockFetch(() => json(500, { message: 'x' }));
    await expect(call(routes.user, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(useErrorList.getState().errors).toEqual([]);
  });

  it('rejects a reply that breaks the contract instead of casting it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => json(200, { id: 'not a number' }));
    await expect(call(routes.user, { silent: true })).rejects.toMatchObject({
      message: MSG.somethingWrong,
    });
  });
});

describe('call(route, input)', () => {
  beforeEach(() => {
    resetBrowserState();
    signIn('tok-1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the route’s method to its path with the parameters, query and JSON body filled in', async () => {
    const fetchSpy = mockFetch(() => json(200, { status: 'ok' }));
    await call(routes.conversationFlag.mute, { params: { id: 5 }, body: { value: true } });
    await call(routes.deleteMessage, { params: { id: 7 }, query: { for: 'everyone' } });
    const [pinUrl, pinInit] = fetchSpy.mock.calls[0]!;
    const [deleteUrl, deleteInit] = fetchSpy.mock.calls[1]!;
    expect([pinUrl, pinInit?.method, bodyOf(pinInit)]).toEqual([
      '/api/v1/user/conversations/5/mute',
      'POST',
      { value: true },
    ]);
    expect([deleteUrl, deleteInit?.method, deleteInit?.body]).toEqual([
      '/api/v1/user/messages/7?for=everyone',
      'DELETE',
      undefined,
    ]);
  });

  it('sends a switch’s value under the spec’s field name', async () => {
    const fetchSpy = mockFetch(() => json(200, { status: 'ok' }));
    const route = routes.switches.notifications;
    await call(route, { body: { [route.field]: false } });
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/v1/user/settings/notifications');
    expect(bodyOf(fetchSpy.mock.calls[0]?.[1])).toEqual({ status: false });
  });

  it('is typed by the route: parameters, query and body as the contract says', () => {
    // Never run: the checks are the compiler's (tsc -p packages/web fails if one stops failing).
    const _typeChecks = () => [
      // @ts-expect-error the body is required
      call(routes.conversationFlag.pin, { params: { id: 1 } }),
      // @ts-expect-error value is a boolean
      call(routes.conversationFlag.pin, { params: { id: 1 }, body: { value: 'yes' } }),
      // @ts-expect-error the path parameter is required
      call(routes.clearConversation),
      // @ts-expect-error q is required
      call(routes.search, { query: {} }),
      // @ts-expect-error a multipart route takes FormData
      call(routes.uploadAvatar, { body: { avatar: 'x' } }),
      // @ts-expect-error a bytes route is not called through call()
      call(routes.file, { params: { key: 'k' } }),
    ];
    expect(_typeChecks).toBeTypeOf('function');
  });
});

describe('failed-request message order (spec 8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const failWith = async (handler: () => Response | Promise<Response>) => {
    mockFetch(handler);
    return call(routes.user, { silent: true }).catch((error: unknown) => errorMessage(error));
  };

  it('uses the server message first', async () => {
    expect(
      await failWith(() => json(422, { message: 'Name is required' }, 'Unprocessable Entity')),
    ).toBe('Name is required');
  });

  it('then the status text', async () => {
    expect(
      await failWith(() => new Response('oops', { status: 502, statusText: 'Bad Gateway' })),
    ).toBe('Bad Gateway');
  });

  it('then "Couldn\'t receive response from server" when nothing came back', async () => {
    expect(await failWith(() => Promise.reject(new TypeError('Failed to fetch')))).toBe(
      MSG.noResponse,
    );
  });

  it('otherwise the translated "something went wrong, try later"', async () => {
    expect(await failWith(() => new Response(null, { status: 500, statusText: '' }))).toBe(
      MSG.somethingWrong,
    );
    await changeLocale('ru');
    expect(errorMessage(new Error('boom'))).toBe('что-то пошло не так, попробуйте позже');
    await changeLocale('en');
  });
});
