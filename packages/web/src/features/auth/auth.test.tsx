import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MSG } from '@parley/protocol/messages';
import type { mockFetch } from '../../test/http-fixtures';
import { bodyOf, json, resetBrowserState, sampleUser, tokenPair } from '../../test/http-fixtures';
import { getAccessToken, getRefreshToken } from '../../lib/tokens';
import { AuthCard } from './AuthCard';
import { useSessionStore } from './session-store';
import { useAuthStore } from './store';

function renderCard(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthCard />
    </MemoryRouter>,
  );
}

type Handler = Parameters<typeof mockFetch>[0];
const OPEN = { name: 'Parley', registration_mode: 'open', password_min_length: 5 };

/**
 * mockFetch, with the card's public GET /server answered apart (`info`), so
 * the spy holds the calls a test is about.
 */
function mockAuthFetch(handler: Handler, info: object = OPEN) {
  const spy = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).endsWith('/api/v1/server') ? Promise.resolve(json(200, info)) : spy(input, init),
  );
  return spy;
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('auth forms', () => {
  beforeEach(() => {
    resetBrowserState();
    document.cookie = 'XSRF-TOKEN=csrf; path=/';
    useAuthStore.getState().signedOut();
  });

  afterEach(() => vi.unstubAllGlobals());

  it('shows the spec messages for an empty login form without calling the server', async () => {
    const fetchSpy = mockAuthFetch(() => json(500, {}));
    renderCard();
    await userEvent.click(screen.getByTestId('submit-login'));
    expect(screen.getByTestId('error-login')).toHaveTextContent(MSG.loginRequired);
    expect(screen.getByTestId('error-password')).toHaveTextContent(MSG.passwordRequired);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('signs in, stores the tokens, loads the user', async () => {
    const fetchSpy = mockAuthFetch((url) =>
      url.endsWith('/login') ? json(200, tokenPair(1)) : json(200, sampleUser),
    );
    renderCard();
    await userEvent.type(field('login'), 'ada@example.org');
    await userEvent.type(field('password'), 'secret1');
    await userEvent.click(screen.getByTestId('submit-login'));
    await waitFor(() => expect(useSessionStore.getState().authenticated).toBe(true));
    expect(bodyOf(fetchSpy.mock.calls[0]![1])).toEqual({
      login: 'ada@example.org',
      password: 'secret1',
    });
    expect(getAccessToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');
    expect(useAuthStore.getState().user).toEqual(sampleUser);
  });

  it('shows the reply errors under the fields and clears the token on failure', async () => {
    document.cookie = 'token=stale; path=/';
    mockAuthFetch(() =>
      json(422, { message: MSG.validationFailed, errors: { login: [MSG.invalidCredentials] } }),
    );
    renderCard();
    await userEvent.type(field('login'), 'ada');
    await userEvent.type(field('password'), 'wrong');
    await userEvent.click(screen.getByTestId('submit-login'));
    expect(await screen.findByTestId('error-login')).toHaveTextContent(MSG.invalidCredentials);
    expect(getAccessToken()).toBeNull();
  });

  it('shows the network error text under the login field', async () => {
    mockAuthFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderCard();
    await userEvent.type(field('login'), 'ada');
    await userEvent.type(field('password'), 'pw');
    await userEvent.click(screen.getByTestId('submit-login'));
    expect(await screen.findByTestId('error-login')).toHaveTextContent(MSG.noResponse);
  });

  it('asks for the username after verify_username and resends without the leading @', async () => {
    const fetchSpy = mockAuthFetch((url, init) => {
      if (url.endsWith('/user')) return json(200, sampleUser);
      const body = bodyOf(init) as { username?: string };
      return json(200, body.username ? tokenPair(1) : { status: 'verify_username' });
    });
    renderCard();
    await userEvent.type(field('login'), 'ada');
    await userEvent.type(field('password'), 'secret1');
    await userEvent.click(screen.getByTestId('submit-login'));
    const prompt = await waitFor(() => field('verify_username'));
    await userEvent.type(prompt, '@ada');
    await userEvent.click(screen.getByTestId('submit-verify-username'));
    await waitFor(() => expect(useSessionStore.getState().authenticated).toBe(true));
    expect(bodyOf(fetchSpy.mock.calls[1]![1])).toEqual({
      login: 'ada',
      password: 'secret1',
      username: 'ada',
    });
  });

  it('says how long to wait on a 429 at the username prompt', async () => {
    let confirming = false;
    mockAuthFetch(() => {
      if (!confirming) return json(200, { status: 'verify_username' });
      return json(429, { message: MSG.tooManyRequests, retry_after: 42 });
    });
    renderCard();
    await userEvent.type(field('login'), 'ada');
    await userEvent.type(field('password'), 'secret1');
    await userEvent.click(screen.getByTestId('submit-login'));
    const prompt = await waitFor(() => field('verify_username'));
    confirming = true;
    await userEvent.type(prompt, 'ada');
    await userEvent.click(screen.getByTestId('submit-verify-username'));
    await waitFor(() =>
      expect(document.body).toHaveTextContent('Too many requests. Try again in 42 sec.'),
    );
  });

  it('hides the username prompt again when the login state is reset', async () => {
    mockAuthFetch(() => json(200, { status: 'verify_username' }));
    renderCard();
    await userEvent.type(field('login'), 'ada');
    await userEvent.type(field('password'), 'secret1');
    await userEvent.click(screen.getByTestId('submit-login'));
    await waitFor(() => expect(field('verify_username')).toBeTruthy());
    await userEvent.click(screen.getByTestId('tab-register'));
    await userEvent.click(screen.getByTestId('tab-login'));
    expect(field('verify_username')).toBeNull();
    expect(field('login')).toBeTruthy();
  });

  it('gives each registration field its spec message', async () => {
    const fetchSpy = mockAuthFetch(() => json(500, {}));
    renderCard('/?tab=register');
    await userEvent.type(field('username'), 'ада');
    await userEvent.type(field('password'), '1234');
    await userEvent.click(screen.getByTestId('submit-register'));
    expect(screen.getByTestId('error-name')).toHaveTextContent(MSG.nameRequired);
    expect(screen.getByTestId('error-username')).toHaveTextContent(MSG.incorrectUsername);
    expect(screen.getByTestId('error-login')).toHaveTextContent(MSG.loginRequired);
    expect(screen.getByTestId('error-password')).toHaveTextContent(MSG.incorrectPassword);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('registers, then logs in at once with the same login and password', async () => {
    const fetchSpy = mockAuthFetch((url) => {
      if (url.endsWith('/register')) return json(200, { status: 'ok' });
      if (url.endsWith('/login')) return json(200, tokenPair(1));
      return json(200, sampleUser);
    });
    renderCard('/?tab=register');
    await userEvent.type(field('name'), 'Ada');
    await userEvent.type(field('username'), 'ada');
    await userEvent.type(field('login'), 'ada@example.org');
    await userEvent.type(field('password'), 'secret1');
    await userEvent.click(screen.getByTestId('submit-register'));
    await waitFor(() => expect(useSessionStore.getState().authenticated).toBe(true));
    const calls = fetchSpy.mock.calls.map(([url, init]) => [String(url), bodyOf(init)]);
    expect(calls[0]).toEqual([
      '/api/v1/register',
      { name: 'Ada', username: 'ada', login: 'ada@example.org', password: 'secret1' },
    ]);
    expect(calls[1]).toEqual(['/api/v1/login', { login: 'ada@example.org', password: 'secret1' }]);
  });

  it("gives a new account the browser's timezone before the chat opens", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Yerevan'; // Node re-reads it: Intl now answers this zone
    try {
      const fetchSpy = mockAuthFetch((url) => {
        if (url.endsWith('/register')) return json(200, { status: 'ok' });
        if (url.endsWith('/login')) return json(200, tokenPair(1));
        const user = { ...sampleUser, timezone: 'Asia/Yerevan' };
        return json(200, url.endsWith('/edit/profile') ? { status: 'ok', user } : user);
      });
      renderCard('/?tab=register');
      await userEvent.type(field('name'), 'Ada');
      await userEvent.type(field('username'), 'ada');
      await userEvent.type(field('login'), 'ada@example.org');
      await userEvent.type(field('password'), 'secret1');
      await userEvent.click(screen.getByTestId('submit-register'));
      await waitFor(() => expect(useSessionStore.getState().authenticated).toBe(true));
      const calls = fetchSpy.mock.calls.map(([url, init]) => [String(url), bodyOf(init)]);
      // After the sign-in, before the user is fetched (so the chat starts in that zone).
      expect(calls.map(([url]) => url)).toEqual([
        '/api/v1/register',
        '/api/v1/login',
        '/api/v1/user/settings/edit/profile',
        '/api/v1/user',
      ]);
      expect(calls[2]![1]).toEqual({ timezone: 'Asia/Yerevan' });
      expect(useAuthStore.getState().user?.timezone).toBe('Asia/Yerevan');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('signs in without touching the timezone', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Yerevan';
    try {
      const fetchSpy = mockAuthFetch((url) =>
        url.endsWith('/login') ? json(200, tokenPair(1)) : json(200, sampleUser),
      );
      renderCard();
      await userEvent.type(field('login'), 'ada');
      await userEvent.type(field('password'), 'secret1');
      await userEvent.click(screen.getByTestId('submit-login'));
      await waitFor(() => expect(useSessionStore.getState().authenticated).toBe(true));
      expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual([
        '/api/v1/login',
        '/api/v1/user',
      ]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('shows server registration errors per field, and the network text under name', async () => {
    mockAuthFetch(() =>
      json(422, { message: MSG.validationFailed, errors: { username: [MSG.usernameTaken] } }),
    );
    renderCard('/?tab=register');
    await userEvent.type(field('name'), 'Ada');
    await userEvent.type(field('username'), 'ada');
    await userEvent.type(field('login'), 'ada@example.org');
    await userEvent.type(field('password'), 'secret1');
    await userEvent.click(screen.getByTestId('submit-register'));
    expect(await screen.findByTestId('error-username')).toHaveTextContent(MSG.usernameTaken);

    mockAuthFetch(() => Promise.reject(new TypeError('offline')));
    await userEvent.click(screen.getByTestId('submit-register'));
    expect(await screen.findByTestId('error-name')).toHaveTextContent(MSG.noResponse);
  });

  it('shows the server name, and the invite-code field only when the server registers by invitation', async () => {
    const fetchSpy = mockAuthFetch(() => json(500, {}), { ...OPEN, name: 'Harbour' });
    const first = renderCard('/?tab=register');
    expect(await screen.findByTestId('server-name')).toHaveTextContent('Harbour');
    expect(field('invite_code')).toBeNull();
    first.unmount();

    mockAuthFetch(
      (url) =>
        url.endsWith('/register')
          ? json(422, {
              message: MSG.validationFailed,
              errors: { invite_code: [MSG.inviteCodeInvalid] },
            })
          : json(500, {}),
      { ...OPEN, registration_mode: 'invite', password_min_length: 9 },
    );
    const second = renderCard('/?tab=register');
    await waitFor(() => expect(field('invite_code')).not.toBeNull());
    expect(screen.getByText('At least 9 characters.')).toBeInTheDocument();
    await userEvent.type(field('name'), 'Ada');
    await userEvent.type(field('username'), 'ada');
    await userEvent.type(field('login'), 'ada@example.org');
    await userEvent.type(field('password'), 'secret123');
    await userEvent.type(field('invite_code'), 'wrong-code');
    await userEvent.click(screen.getByTestId('submit-register'));
    expect(await screen.findByTestId('error-invite_code')).toHaveTextContent(MSG.inviteCodeInvalid);
    second.unmount();
    expect(fetchSpy).not.toHaveBeenCalled();

    mockAuthFetch(() => json(500, {}), { ...OPEN, registration_mode: 'closed' });
    renderCard('/?tab=register');
    expect(await screen.findByTestId('registration-closed')).toHaveTextContent(
      MSG.registrationClosed,
    );
    expect(screen.queryByTestId('submit-register')).toBeNull();
  });
});
