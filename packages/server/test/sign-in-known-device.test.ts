import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import { DEVICE_COOKIE } from '../src/features/auth/known-devices';
import { Client, NO_LIMITS, newAccount, startServer } from './harness';
import type { Server } from './harness';
import { stores } from './stores';
import type { TestStore } from './stores';

// The per-account sign-in limit must not let a stranger lock the owner out
// (issue 18). Wrong passwords from one client exhaust it; the owner's
// browser, which has signed in before and carries the remembered-device
// cookie, still signs in with the right password; an unknown device still
// gets 429. The cookie is httpOnly and the server keeps only its hash.

const deviceCookieOf = (headers: Headers): string | null => {
  const line = headers.getSetCookie().find((l) => l.startsWith(`${DEVICE_COOKIE}=`));
  return line ?? null;
};

describe.each(stores())('remembered sign-in devices ($name)', (backend) => {
  let ts: TestStore;
  let server: Server;
  beforeAll(async () => {
    ts = await backend.open();
    server = await startServer(ts.store, {
      rateLimits: { ...NO_LIMITS, loginPerAccount: { max: 3, windowSeconds: 60 } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await ts?.store.close();
    await ts?.destroy();
  });

  it('lets the owner’s known device through a lockout; an unknown device still gets 429', async () => {
    const owner = newAccount();
    const ownerBrowser = new Client(server.url);
    expect((await ownerBrowser.post('/register', owner)).status).toBe(200);
    const first = await ownerBrowser.post('/login', {
      login: owner.login,
      password: owner.password,
    });
    expect(first.status).toBe(200);
    const setCookie = deviceCookieOf(first.headers);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/v1\/login/);
    const token = /^[^=]+=([^;]+)/.exec(setCookie ?? '')?.[1] ?? '';
    // Only a hash is stored.
    const stored = await ts.store.db.selectFrom('known_devices').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect(stored.some((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);

    // Someone else sends wrong passwords until the account's limit (3, the owner's sign-in counted) is spent.
    const attacker = new Client(server.url);
    for (let i = 0; i < 2; i++) {
      const wrong = await attacker.post('/login', { login: owner.login, password: 'wrong' });
      expect(wrong.status).toBe(422);
    }
    const locked = await attacker.post('/login', { login: owner.login, password: owner.password });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: MSG.tooManyRequests, retry_after: expect.any(Number) });

    // The owner's browser, with its device cookie, signs in with the right password.
    const device = { headers: { cookie: `${DEVICE_COOKIE}=${token}` } };
    const known = await ownerBrowser.post(
      '/login',
      { login: owner.login, password: owner.password },
      device,
    );
    expect(known.status).toBe(200);
    expect(known.body).toHaveProperty('access_token');

    // A made-up or another account's cookie is an unknown device.
    const forged = { headers: { cookie: `${DEVICE_COOKIE}=${'A'.repeat(43)}` } };
    const unknown = await new Client(server.url).post(
      '/login',
      { login: owner.login, password: owner.password },
      forged,
    );
    expect(unknown.status).toBe(429);
    const other = newAccount();
    const otherBrowser = new Client(server.url);
    await otherBrowser.post('/register', other);
    const otherLogin = await otherBrowser.post('/login', {
      login: other.login,
      password: other.password,
    });
    const otherToken = /^[^=]+=([^;]+)/.exec(deviceCookieOf(otherLogin.headers) ?? '')?.[1];
    const borrowed = await otherBrowser.post(
      '/login',
      { login: owner.login, password: owner.password },
      { headers: { cookie: `${DEVICE_COOKIE}=${otherToken}` } },
    );
    expect(borrowed.status).toBe(429);
  });
});
