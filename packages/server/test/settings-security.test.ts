import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import { PASSWORD_CHANGED_MESSAGE_TYPE } from '@parley/protocol/settings';
import type { User } from '@parley/protocol/user';
import { counterBackends } from './counters';
import { Client, NO_LIMITS, newAccount, registerAndLogin, startServer } from './harness';
import type { Server } from './harness';
import { history, list, person } from './messaging';
import type { Person } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// The secrets of spec 7 on each store: changing the password (other
// sessions out at once, a System notice), the secret passcode and paranoid
// mode, and the per-user rate limit of check-secret.

describe.each(stores())('password and passcode ($name)', (backend) => {
  let client: Client;
  const suite = useSuiteServer(backend);
  beforeAll(() => ({ client } = suite));

  const me = async (token: string) => (await client.get<User>('/user', { token })).body;

  it('changes the password: old one required, other sessions out at once, a System notice', async () => {
    const account = newAccount('pw');
    const first = await registerAndLogin(client, account);
    const other = (
      await client.post<{ access_token: string; refresh_token: string }>('/login', {
        login: account.login,
        password: account.password,
      })
    ).body;
    const socket = await TestSocket.open(suite.server.url);
    await socket.ready(other.access_token);

    const wrong = await client.post(
      '/user/settings/password/change',
      {
        old_password: 'nope-nope',
        new_password: 'fresh-secret',
        new_password_confirmation: 'fresh-secret',
      },
      { token: first.access_token },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({
      status: 'error',
      message: MSG.validationFailed,
      errors: { old_password: [MSG.wrongOldPassword] },
    });
    const rules = await client.post(
      '/user/settings/password/change',
      { old_password: account.password, new_password: 'abc', new_password_confirmation: 'abd' },
      { token: first.access_token },
    );
    expect(rules.status).toBe(422);
    expect(rules.body).toMatchObject({
      status: 'error',
      errors: {
        new_password: [MSG.incorrectPassword],
        new_password_confirmation: [MSG.passwordConfirmation],
      },
    });
    expect((await client.get('/user', { token: other.access_token })).status).toBe(200);

    const devicesOf = async (userId: number) =>
      (
        await suite.ts.store.db
          .selectFrom('known_devices')
          .select('id')
          .where('user_id', '=', userId)
          .execute()
      ).length;
    const myId = (await me(first.access_token)).id;
    expect(await devicesOf(myId)).toBeGreaterThan(0);
    const ok = await client.post(
      '/user/settings/password/change',
      {
        old_password: account.password,
        new_password: 'fresh-secret',
        new_password_confirmation: 'fresh-secret',
      },
      { token: first.access_token },
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'ok' });
    // Remembered sign-in devices are forgotten with the old password.
    expect(await devicesOf(myId)).toBe(0);
    expect((await socket.closed).code).toBe(4001);
    expect((await client.get('/user', { token: other.access_token })).status).toBe(401);
    expect(
      (await client.post('/user/refresh', { refresh_token: other.refresh_token })).status,
    ).toBe(401);
    expect((await client.get('/user', { token: first.access_token })).status).toBe(200);
    const oldLogin = await client.post('/login', {
      login: account.login,
      password: account.password,
    });
    expect(oldLogin.status).toBe(422);
    const newLogin = await client.post('/login', {
      login: account.login,
      password: 'fresh-secret',
    });
    expect(newLogin.status).toBe(200);

    const meNow = await me(first.access_token);
    const who: Person = { id: meNow.id, token: first.access_token, username: '', name: '' };
    const system = (await list(client, who)).conversations.find((c) => c.is_system);
    const { messages } = await history(client, who, system?.id ?? 0);
    const notices = messages.filter((m) => m.type === PASSWORD_CHANGED_MESSAGE_TYPE);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ user_id: null, message: MSG.passwordChangedNotice });
  });

  it('set-secret, check-secret and paranoid mode', async () => {
    const a = await person(client);
    expect(await me(a.token)).toMatchObject({ secret_exists: false, secret_hint: null });

    const none = await client.post('/user/check-secret', { secret: '1234' }, { token: a.token });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ status: 'error', message: MSG.noSecret, error: MSG.noSecret });

    const early = await client.post('/user/paranoid', { on: true }, { token: a.token });
    expect(early.status).toBe(422);
    expect(early.body).toEqual({
      status: 'error',
      message: MSG.validationFailed,
      errors: { on: [MSG.paranoidNeedsSecret] },
    });

    const mismatch = await client.post(
      '/user/settings/set-secret',
      { secret: '123', secret_confirmation: '124', secret_hint: 'h'.repeat(65) },
      { token: a.token },
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toMatchObject({
      status: 'error',
      errors: {
        secret: [MSG.secretLength],
        secret_confirmation: [MSG.secretConfirmation],
        secret_hint: [MSG.secretHintTooLong],
      },
    });

    const set = await client.post(
      '/user/settings/set-secret',
      { secret: '2718', secret_confirmation: '2718', secret_hint: 'e, four digits' },
      { token: a.token },
    );
    expect(set.body).toEqual({ status: 'ok' });
    expect(await me(a.token)).toMatchObject({ secret_exists: true, secret_hint: 'e, four digits' });

    const wrong = await client.post('/user/check-secret', { secret: '3141' }, { token: a.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      status: 'error',
      message: MSG.wrongSecret,
      error: MSG.wrongSecret,
    });
    const right = await client.post('/user/check-secret', { secret: '2718' }, { token: a.token });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ status: 'ok' });

    expect((await client.post('/user/paranoid', { on: true }, { token: a.token })).body).toEqual({
      status: 'ok',
    });
    expect((await me(a.token)).paranoid).toBe(true);
    await client.post('/user/paranoid', { on: false }, { token: a.token });
    expect((await me(a.token)).paranoid).toBe(false);
    expect((await client.post('/user/check-secret', { secret: '2718' })).status).toBe(401);
  });
});

describe.each(counterBackends())('check-secret rate limit ($name counters)', (counters) => {
  const sqlite = stores().find((b) => b.name === 'sqlite');
  if (!sqlite) throw new Error('SQLite backend missing');
  let server: Server;
  let close: () => Promise<void>;
  let destroy: () => Promise<void>;

  beforeAll(async () => {
    const ts = await sqlite.open();
    const c = counters.open();
    server = await startServer(ts.store, {
      rateLimits: { ...NO_LIMITS, secretPerUser: { max: 3, windowSeconds: 60 } },
      redis: c.redis,
      rateLimitPrefix: c.prefix,
    });
    close = c.close;
    destroy = async () => {
      await ts.store.close();
      await ts.destroy();
    };
  });
  afterAll(async () => {
    await server?.close();
    await close?.();
    await destroy?.();
  });

  it('allows a few attempts per user, then 429, without touching other users', async () => {
    const client = new Client(server.url);
    const a = await person(client);
    const b = await person(client);
    for (const who of [a, b]) {
      await client.post(
        '/user/settings/set-secret',
        { secret: '2718', secret_confirmation: '2718' },
        { token: who.token },
      );
    }
    for (let i = 0; i < 3; i++) {
      const res = await client.post(
        '/user/check-secret',
        { secret: `000${i}` },
        { token: a.token },
      );
      expect(res.status).toBe(400);
      // The try that spends the budget says for how long the lock now holds (issue 33).
      const wait = Number(res.headers.get('retry-after'));
      if (i < 2) {
        expect(res.body).not.toHaveProperty('retry_after');
        expect(res.headers.get('retry-after')).toBeNull();
      } else {
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(60);
        expect(res.body).toEqual({
          status: 'error',
          message: MSG.wrongSecret,
          error: MSG.wrongSecret,
          retry_after: wait,
        });
      }
    }
    const limited = await client.post('/user/check-secret', { secret: '2718' }, { token: a.token });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 'error', message: MSG.tooManyRequests });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await client.post('/user/check-secret', { secret: '2718' }, { token: b.token });
    expect(other.status).toBe(200);
  });
});
