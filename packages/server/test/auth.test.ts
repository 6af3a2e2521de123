import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import { userSchema } from '@parley/protocol/user';
import { newAccount, registerAndLogin } from './harness';
import type { Client } from './harness';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { TestStore } from './stores';

describe.each(stores())('register and login ($name)', (backend) => {
  let ts: TestStore;
  let client: Client;

  const suite = useSuiteServer(backend);
  beforeAll(() => ({ ts, client } = suite));

  describe('POST /register', () => {
    it('creates an account', async () => {
      const res = await client.post('/register', newAccount());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('answers each field with the spec message', async () => {
      const res = await client.post('/register', {
        name: '',
        username: 'bad_name!',
        login: ' ',
        password: '1234',
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: MSG.validationFailed,
        errors: {
          name: [MSG.nameRequired],
          username: [MSG.incorrectUsername],
          login: [MSG.loginRequired],
          password: [MSG.incorrectPassword],
        },
      });
    });

    it('refuses wrong types and missing fields with the same messages', async () => {
      const res = await client.post('/register', { name: 5, username: ['a'], login: { $gt: '' } });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        name: [MSG.nameRequired],
        username: [MSG.incorrectUsername],
        login: [MSG.loginRequired],
        password: [MSG.incorrectPassword],
      });
    });

    it('refuses a taken login and username regardless of case', async () => {
      const first = newAccount('dup');
      expect((await client.post('/register', first)).status).toBe(200);
      const again = await client.post('/register', {
        ...newAccount(),
        login: first.login.toUpperCase(),
        username: first.username.toUpperCase(),
      });
      expect(again.status).toBe(422);
      expect(again.body).toEqual({
        message: MSG.validationFailed,
        errors: { login: [MSG.loginTaken], username: [MSG.usernameTaken] },
      });
      const loginOnly = await client.post('/register', {
        ...newAccount(),
        login: ` ${first.login} `,
      });
      expect(loginOnly.body.errors).toEqual({ login: [MSG.loginTaken] });
    });

    it('stores an argon2id hash, never the password', async () => {
      const account = newAccount();
      await client.post('/register', account);
      const row = await ts.store.db
        .selectFrom('users')
        .select('password_hash')
        .where('login_key', '=', account.login.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(row.password_hash).not.toContain(account.password);
    });
  });

  describe('POST /login', () => {
    it('answers a Bearer token pair, login matched without case', async () => {
      const account = newAccount();
      await client.post('/register', account);
      const res = await client.post('/login', {
        login: account.login.toUpperCase(),
        password: account.password,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_in: 900,
      });
    });

    it('gives the same answer for a wrong password and an unknown login', async () => {
      const account = newAccount();
      await client.post('/register', account);
      const wrong = await client.post('/login', { login: account.login, password: 'not-it' });
      const unknown = await client.post('/login', {
        login: 'nobody@example.org',
        password: 'not-it',
      });
      const expected = {
        message: MSG.validationFailed,
        errors: { login: [MSG.invalidCredentials] },
      };
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual(expected);
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual(expected);
    });

    it('requires login and password with the spec messages', async () => {
      const res = await client.post('/login', {});
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        login: [MSG.loginRequired],
        password: [MSG.passwordRequired],
      });
    });

    it('creates a session with a readable device name', async () => {
      const account = newAccount();
      await client.post('/register', account);
      const res = await client.post<{ access_token: string }>(
        '/login',
        { login: account.login, password: account.password },
        {
          headers: {
            'user-agent':
              'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
          },
        },
      );
      const list = await client.get<{
        sessions: { device: string; ip: string; current: boolean }[];
      }>('/user/sessions', {
        token: res.body.access_token,
      });
      expect(list.body.sessions).toEqual([
        expect.objectContaining({ device: 'Chrome on Linux', ip: '127.0.0.1', current: true }),
      ]);
    });
  });

  describe('verify_username', () => {
    it('asks for the username after 3 wrong passwords, accepts it with or without @, then resets', async () => {
      const account = newAccount('verify');
      await client.post('/register', account);
      for (let i = 0; i < 3; i++) {
        expect(
          (await client.post('/login', { login: account.login, password: 'wrong' })).status,
        ).toBe(422);
      }
      const ask = await client.post('/login', { login: account.login, password: account.password });
      expect(ask.status).toBe(200);
      expect(ask.body).toEqual({ status: 'verify_username' });

      const mismatch = await client.post('/login', {
        login: account.login,
        password: account.password,
        username: 'someone else',
      });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body).toEqual({
        message: MSG.validationFailed,
        errors: { username: [MSG.usernameMismatch] },
      });

      const ok = await client.post('/login', {
        login: account.login,
        password: account.password,
        username: `@${account.username.toUpperCase()}`,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.access_token).toEqual(expect.any(String));

      // The counter was reset: the password alone works again.
      const again = await client.post('/login', {
        login: account.login,
        password: account.password,
      });
      expect(again.body.access_token).toEqual(expect.any(String));
    });

    it('does not ask below the threshold', async () => {
      const account = newAccount();
      await client.post('/register', account);
      for (let i = 0; i < 2; i++)
        await client.post('/login', { login: account.login, password: 'wrong' });
      const res = await client.post('/login', { login: account.login, password: account.password });
      expect(res.body.access_token).toEqual(expect.any(String));
    });

    it('still refuses a wrong password when the username is right', async () => {
      const account = newAccount();
      await client.post('/register', account);
      for (let i = 0; i < 3; i++)
        await client.post('/login', { login: account.login, password: 'wrong' });
      const res = await client.post('/login', {
        login: account.login,
        password: 'wrong',
        username: account.username,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ login: [MSG.invalidCredentials] });
    });
  });

  describe('GET /user', () => {
    it('answers the protocol user, without hashes', async () => {
      const { access_token, account } = await registerAndLogin(client);
      const res = await client.get('/user', { token: access_token });
      expect(res.status).toBe(200);
      expect(userSchema.strict().parse(res.body)).toEqual({
        id: expect.any(Number),
        name: account.name,
        username: account.username,
        login: account.login,
        status: null,
        timezone: 'UTC',
        avatar: null,
        secret_exists: false,
        secret_hint: null,
        notifications: true,
        paranoid: false,
        muted: false,
        hide_status: false,
        allow_search: true,
        load_links: true,
        max_time_inactive: null,
        who_can_add: 'contacts',
        can: [],
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(res.body).not.toHaveProperty('password_hash');
      expect(res.body).not.toHaveProperty('secret_hash');
      expect(JSON.stringify(res.body)).not.toContain('argon2');
    });

    it('derives secret_exists from the stored secret and records activity', async () => {
      const { access_token, account } = await registerAndLogin(client);
      await ts.store.db
        .updateTable('users')
        .set({ secret_hash: 'x', paranoid: 1 })
        .where('login', '=', account.login)
        .execute();
      const res = await client.get('/user', { token: access_token });
      expect(res.body.secret_exists).toBe(true);
      expect(res.body.paranoid).toBe(true);
      const row = await ts.store.db
        .selectFrom('users')
        .select('last_active_at')
        .where('login', '=', account.login)
        .executeTakeFirstOrThrow();
      expect(row.last_active_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it('needs a Bearer token and nothing else', async () => {
      const { access_token } = await registerAndLogin(client);
      const none = await client.get('/user');
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ message: MSG.unauthenticated });
      expect(
        (await client.get('/user', { headers: { authorization: `Token ${access_token}` } })).status,
      ).toBe(401);
      expect(
        (await client.get('/user', { headers: { cookie: `token=${access_token}` } })).status,
      ).toBe(401);
      expect((await client.get('/user', { token: `${access_token}x` })).status).toBe(401);
      expect((await client.get('/user', { token: 'garbage' })).status).toBe(401);
    });
  });
});
