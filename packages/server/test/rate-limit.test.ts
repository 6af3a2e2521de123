import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import type { RateLimitConfig } from '../src/config';
import { counterBackends } from './counters';
import { Client, NO_LIMITS, newAccount, registerAndLogin, startServer } from './harness';
import type { Server } from './harness';
import { stores } from './stores';
import type { TestStore } from './stores';

const sqlite = stores().find((b) => b.name === 'sqlite');
if (!sqlite) throw new Error('SQLite backend missing');

describe.each(counterBackends())('rate limits with $name counters', (counters) => {
  let ts: TestStore;
  const opened: { server: Server; close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    ts = await sqlite.open();
  });
  afterAll(async () => {
    for (const o of opened) {
      await o.server.close();
      await o.close();
    }
    await ts?.store.close();
    await ts?.destroy();
  });

  /** A server with the given limits and its own counters (a fresh prefix in Redis). */
  async function serverWith(
    rules: Partial<RateLimitConfig>,
    shared?: { redis: ReturnType<typeof counters.open> },
  ) {
    const c = shared?.redis ?? counters.open();
    const server = await startServer(ts.store, {
      rateLimits: { ...NO_LIMITS, ...rules },
      redis: c.redis,
      rateLimitPrefix: c.prefix,
    });
    opened.push({ server, close: shared ? async () => {} : c.close });
    return { client: new Client(server.url), counters: c };
  }

  const expect429 = (res: { status: number; body: unknown; headers: Headers }) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: MSG.tooManyRequests, retry_after: expect.any(Number) });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  };

  it('limits /login per address', async () => {
    const { client } = await serverWith({ loginPerAddress: { max: 3, windowSeconds: 60 } });
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/login', { login: `someone${i}`, password: 'x' })).status).toBe(
        422,
      );
    }
    expect429(await client.post('/login', { login: 'someone-else', password: 'x' }));
  });

  it('limits /login per login name, whatever the case', async () => {
    const account = newAccount();
    const { client } = await serverWith({ loginPerAccount: { max: 2, windowSeconds: 60 } });
    await client.post('/register', account);
    expect((await client.post('/login', { login: account.login, password: 'wrong' })).status).toBe(
      422,
    );
    expect(
      (await client.post('/login', { login: account.login.toUpperCase(), password: 'wrong' }))
        .status,
    ).toBe(422);
    expect429(await client.post('/login', { login: account.login, password: account.password }));
    // Another login from the same address is not affected.
    const other = newAccount();
    await client.post('/register', other);
    expect(
      (await client.post('/login', { login: other.login, password: other.password })).status,
    ).toBe(200);
  });

  it('gives "Confirm your username" its own budget, not the one wrong passwords spent', async () => {
    const account = newAccount();
    const { client } = await serverWith({
      loginPerAccount: { max: 4, windowSeconds: 60 },
      verifyPerAccount: { max: 2, windowSeconds: 60 },
    });
    await client.post('/register', account);
    // Three wrong passwords, then the right one: confirm the username (the 4th of the budget).
    for (let i = 0; i < 3; i++) {
      expect(
        (await client.post('/login', { login: account.login, password: 'wrong' })).status,
      ).toBe(422);
    }
    const asked = await client.post('/login', { login: account.login, password: account.password });
    expect(asked.body).toEqual({ status: 'verify_username' });
    // The sign-in budget is spent; the confirming try still gets through.
    const confirm = { login: account.login, password: account.password };
    const typo = await client.post('/login', { ...confirm, username: 'not-mine' });
    expect(typo.status).toBe(422);
    const done = await client.post('/login', { ...confirm, username: account.username });
    expect(done.status).toBe(200);
    // Its own budget is a limit too.
    expect429(await client.post('/login', { ...confirm, username: account.username }));
    expect429(await client.post('/login', confirm));
  });

  it('limits /register per address', async () => {
    const { client } = await serverWith({ registerPerAddress: { max: 2, windowSeconds: 3600 } });
    expect((await client.post('/register', newAccount())).status).toBe(200);
    expect((await client.post('/register', newAccount())).status).toBe(200);
    expect429(await client.post('/register', newAccount()));
  });

  it('limits /user/refresh per address', async () => {
    const { client } = await serverWith({ refreshPerAddress: { max: 2, windowSeconds: 60 } });
    const first = await registerAndLogin(client);
    const second = await client.post<{ refresh_token: string }>('/user/refresh', {
      refresh_token: first.refresh_token,
    });
    expect(second.status).toBe(200);
    expect(
      (await client.post('/user/refresh', { refresh_token: second.body.refresh_token })).status,
    ).toBe(200);
    expect429(await client.post('/user/refresh', { refresh_token: 'whatever' }));
  });

  if (counters.name === 'redis') {
    it('holds across nodes sharing Redis', async () => {
      const rules = { loginPerAddress: { max: 2, windowSeconds: 60 } };
      const a = await serverWith(rules);
      const b = await serverWith(rules, { redis: a.counters });
      expect((await a.client.post('/login', { login: 'x', password: 'x' })).status).toBe(422);
      expect((await b.client.post('/login', { login: 'x', password: 'x' })).status).toBe(422);
      expect429(await a.client.post('/login', { login: 'x', password: 'x' }));
      expect429(await b.client.post('/login', { login: 'x', password: 'x' }));
    });
  }
});
