import { beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@parley/protocol/realtime';
import { MSG } from '@parley/protocol/messages';
import { runAdminCommand } from '../src/features/admin/cli-commands';
import { Client, newAccount, registerAndLogin, startServer } from './harness';
import type { SignedIn } from './harness';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// What an administrator's actions do (docs/ADMIN.md); who may call them is
// admin-access.test.ts.

type Account = ReturnType<typeof newAccount>;

describe.each(stores())('the operator in control ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let client: Client;
  let admin: SignedIn & { account: Account };
  const token = () => admin.access_token;

  const idOf = async (who: SignedIn) =>
    (await client.get<{ id: number }>('/user', { token: who.access_token })).body.id;
  const signIn = (account: Account, password = account.password) =>
    client.post('/login', { login: account.login, password });
  const settings = (body: Record<string, unknown>) =>
    client.call('PATCH', '/api/v1/admin/settings', body, { token: token() });

  beforeAll(async () => {
    client = suite.client;
    admin = await registerAndLogin(client);
  });

  it('makes the first account of an install an admin, and no later one', async () => {
    const me = await client.get<{ can: string[] }>('/user', { token: token() });
    expect(me.body.can).toEqual(['admin']);
    const later = await registerAndLogin(client);
    expect((await client.get('/user', { token: later.access_token })).body.can).toEqual([]);
  });

  it('disables an account: no sign-in, sessions and sockets end at once, enable undoes it', async () => {
    const user = await registerAndLogin(client);
    const id = await idOf(user);
    const socket = await TestSocket.open(suite.server.url);
    await socket.ready(user.access_token);

    expect((await client.post(`/admin/users/${id}/disable`, {}, { token: token() })).status).toBe(
      200,
    );
    expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
    expect((await client.get('/user', { token: user.access_token })).status).toBe(401);
    const refresh = await client.post('/user/refresh', { refresh_token: user.refresh_token });
    expect(refresh.status).toBe(401);
    // The right password learns the account is disabled; a wrong one learns nothing.
    expect(await signIn(user.account)).toMatchObject({
      status: 403,
      body: { message: MSG.accountDisabled },
    });
    expect((await signIn(user.account, 'wrong-password')).status).toBe(422);

    expect((await client.post(`/admin/users/${id}/enable`, {}, { token: token() })).status).toBe(
      200,
    );
    expect((await signIn(user.account)).status).toBe(200);
  });

  it('refuses to disable, delete or demote the admin’s own account', async () => {
    const self = await idOf(admin);
    for (const res of [
      await client.post(`/admin/users/${self}/disable`, {}, { token: token() }),
      await client.delete(`/admin/users/${self}`, { token: token() }),
      await client.post(`/admin/users/${self}/role`, { is_admin: false }, { token: token() }),
    ]) {
      expect(res).toMatchObject({ status: 403, body: { message: MSG.adminSelfAction } });
    }
    expect((await client.get('/user', { token: token() })).body.can).toEqual(['admin']);
  });

  it('deletes an account as a tombstone that cannot sign in', async () => {
    const user = await registerAndLogin(client);
    const id = await idOf(user);
    expect((await client.delete(`/admin/users/${id}`, { token: token() })).status).toBe(200);
    const row = await client.get(`/admin/users/${id}`, { token: token() });
    expect(row.body).toMatchObject({ name: 'Deleted account', deleted: true, is_admin: false });
    expect((await signIn(user.account)).status).toBe(422);
    expect((await client.get('/user', { token: user.access_token })).status).toBe(401);
    // A second delete finds nothing to delete.
    expect((await client.delete(`/admin/users/${id}`, { token: token() })).status).toBe(404);
  });

  it('signs out everywhere, and resets a password to a temporary one shown once', async () => {
    const user = await registerAndLogin(client);
    const id = await idOf(user);
    const out = await client.post(`/admin/users/${id}/sign-out`, {}, { token: token() });
    expect(out.status).toBe(200);
    expect((await client.get('/user', { token: user.access_token })).status).toBe(401);

    const reset = await client.post<{ temporary_password: string }>(
      `/admin/users/${id}/password`,
      {},
      { token: token() },
    );
    expect(reset.status).toBe(200);
    expect(reset.body.temporary_password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect((await signIn(user.account)).status).toBe(422);
    expect((await signIn(user.account, reset.body.temporary_password)).status).toBe(200);

    const set = await client.post(
      `/admin/users/${id}/password`,
      { password: 'chosen-by-admin' },
      { token: token() },
    );
    expect(set.body).toEqual({ status: 'ok' });
    expect((await signIn(user.account, 'chosen-by-admin')).status).toBe(200);
  });

  it('closes registration with a clear 403, and opens it again', async () => {
    expect((await settings({ registration_mode: 'closed' })).status).toBe(200);
    expect(await client.post('/register', newAccount())).toMatchObject({
      status: 403,
      body: { message: MSG.registrationClosed },
    });
    expect((await client.get('/server')).body).toMatchObject({ registration_mode: 'closed' });
    await settings({ registration_mode: 'open' });
    expect((await client.post('/register', newAccount())).status).toBe(200);
  });

  it('registers by invitation: a code is required, used up, revoked and expires', async () => {
    await settings({ registration_mode: 'invite' });
    try {
      expect(await client.post('/register', newAccount())).toMatchObject({
        status: 422,
        body: { errors: { invite_code: [MSG.inviteCodeRequired] } },
      });
      expect(
        await client.post('/register', { ...newAccount(), invite_code: 'not-a-code' }),
      ).toMatchObject({ status: 422, body: { errors: { invite_code: [MSG.inviteCodeInvalid] } } });

      const once = await client.post<{ code: string; id: number }>(
        '/admin/invites',
        { max_uses: 1 },
        { token: token() },
      );
      const code = once.body.code;
      // A registration that fails for another reason gives the use back.
      const taken = { ...newAccount(), login: admin.account.login, invite_code: code };
      expect((await client.post('/register', taken)).status).toBe(422);
      expect((await client.post('/register', { ...newAccount(), invite_code: code })).status).toBe(
        200,
      );
      expect(
        (await client.post('/register', { ...newAccount(), invite_code: code })).body,
      ).toMatchObject({ errors: { invite_code: [MSG.inviteCodeInvalid] } });

      const revoked = await client.post<{ code: string; id: number }>(
        '/admin/invites',
        {},
        { token: token() },
      );
      expect(
        (await client.delete(`/admin/invites/${revoked.body.id}`, { token: token() })).status,
      ).toBe(200);
      expect(
        (await client.post('/register', { ...newAccount(), invite_code: revoked.body.code }))
          .status,
      ).toBe(422);

      const daily = await client.post<{ code: string }>(
        '/admin/invites',
        { expires_in_days: 1 },
        { token: token() },
      );
      // Two days later (a node with a later clock over the same store) it has expired.
      const later = await startServer(suite.ts.store, {
        now: () => new Date(Date.now() + 2 * 86_400_000),
      });
      try {
        const res = await new Client(later.url).post('/register', {
          ...newAccount(),
          invite_code: daily.body.code,
        });
        expect(res.body).toMatchObject({ errors: { invite_code: [MSG.inviteCodeInvalid] } });
      } finally {
        await later.close();
      }
      const list = await client.get<{ invites: { id: number; uses: number; usable: boolean }[] }>(
        '/admin/invites',
        { token: token() },
      );
      expect(list.body.invites.find((i) => i.id === once.body.id)).toMatchObject({
        uses: 1,
        usable: false,
      });
    } finally {
      await settings({ registration_mode: 'open' });
    }
  });

  it('enforces a longer password minimum on registration and password change, never below 5', async () => {
    const below = await settings({ password_min_length: 4 });
    expect(below.status).toBe(422);
    // A message the console translates, not zod's English.
    expect(below.body).toMatchObject({
      errors: { password_min_length: [MSG.passwordMinimumRange] },
    });
    expect((await settings({ password_min_length: 6.5 })).body).toMatchObject({
      errors: { password_min_length: [MSG.passwordMinimumRange] },
    });
    expect((await settings({ password_min_length: 8, name: 'Harbour' })).status).toBe(200);
    try {
      expect((await client.get('/server')).body).toEqual({
        name: 'Harbour',
        registration_mode: 'open',
        password_min_length: 8,
      });
      // Below the spec's 5: the spec's own message; below the server's 8: the new one.
      expect(
        (await client.post('/register', { ...newAccount(), password: 'abcd' })).body,
      ).toMatchObject({ errors: { password: [MSG.incorrectPassword] } });
      expect(
        (await client.post('/register', { ...newAccount(), password: 'abcdefg' })).body,
      ).toMatchObject({ errors: { password: [MSG.passwordBelowServerMinimum] } });
      expect(
        (await client.post('/register', { ...newAccount(), password: 'abcdefgh' })).status,
      ).toBe(200);

      const user = await registerAndLogin(client, { ...newAccount(), password: 'long-enough' });
      const change = await client.post(
        '/user/settings/password/change',
        {
          old_password: 'long-enough',
          new_password: 'short12',
          new_password_confirmation: 'short12',
        },
        { token: user.access_token },
      );
      expect(change.body).toMatchObject({
        errors: { new_password: [MSG.passwordBelowServerMinimum] },
      });
    } finally {
      await settings({ password_min_length: 5, name: '' });
    }
  });

  it('lists and searches users with paging', async () => {
    const mark = `findme${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i += 1) await registerAndLogin(client, newAccount(mark));
    const first = await client.get<{ users: { username: string }[]; total: number }>(
      `/admin/users?q=${mark.toUpperCase()}&limit=2`,
      { token: token() },
    );
    expect(first.body.total).toBe(3);
    expect(first.body.users).toHaveLength(2);
    const rest = await client.get<{ users: { username: string }[] }>(
      `/admin/users?q=${mark}&limit=2&offset=2`,
      { token: token() },
    );
    expect(rest.body.users).toHaveLength(1);
    expect(rest.body.users[0]?.username.startsWith(mark)).toBe(true);
    // LIKE wildcards are literal.
    const wild = await client.get<{ total: number }>('/admin/users?q=%25', { token: token() });
    expect(wild.body.total).toBe(0);
  });

  it('records who did what, from the web and from the host console', async () => {
    const user = await registerAndLogin(client);
    await client.post(`/admin/users/${await idOf(user)}/sign-out`, {}, { token: token() });
    const lines: string[] = [];
    await runAdminCommand(suite.server.app.admin, ['disable', user.account.login], (l) =>
      lines.push(l),
    );
    expect(lines).toEqual([`${user.account.login}: disabled, every session ended`]);
    expect((await signIn(user.account)).status).toBe(403);

    const log = await client.get<{
      entries: { actor: string | null; via: string; action: string; target: string }[];
    }>('/admin/audit?limit=2', { token: token() });
    expect(log.body.entries).toMatchObject([
      { actor: null, via: 'console', action: 'user.disable' },
      { actor: admin.account.login, via: 'web', action: 'user.sign_out' },
    ]);
    expect(log.body.entries[0]?.target).toContain(user.account.login);
  });
});
