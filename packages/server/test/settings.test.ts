import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import { PASSWORD_CHANGED_MESSAGE_TYPE } from '@parley/protocol/settings';
import type { User } from '@parley/protocol/user';
import { counterBackends } from './counters';
import { Client, NO_LIMITS, newAccount, registerAndLogin, startServer } from './harness';
import type { Server } from './harness';
import { direct, history, list, person, sent } from './messaging';
import type { Person } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Every settings call of spec 7 on each store: what it stores, what GET
// /user shows, the refusals (`status: 'error'` with errors or message), and
// what each setting does elsewhere in the product.

describe.each(stores())('settings ($name)', (backend) => {
  let client: Client;
  const suite = useSuiteServer(backend);
  beforeAll(() => ({ client } = suite));

  const me = async (token: string) => (await client.get<User>('/user', { token })).body;

  it('edits the profile and shows it in GET /user', async () => {
    const a = await person(client);
    const res = await client.post<{ status: string; user: User }>(
      '/user/settings/edit/profile',
      { name: '  Ada Lovelace ', status: 'Counting', timezone: 'asia/yerevan' },
      { token: a.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.user).toMatchObject({
      name: 'Ada Lovelace',
      status: 'Counting',
      timezone: 'Asia/Yerevan',
      username: a.username,
    });
    expect(await me(a.token)).toMatchObject({ name: 'Ada Lovelace', timezone: 'Asia/Yerevan' });
    // An empty status clears it; other fields stay.
    await client.post('/user/settings/edit/profile', { status: '' }, { token: a.token });
    expect(await me(a.token)).toMatchObject({ status: null, name: 'Ada Lovelace' });
  });

  it('refuses bad profile fields with status error and field messages', async () => {
    const a = await person(client);
    const b = await person(client);
    const bad = await client.post(
      '/user/settings/edit/profile',
      { name: ' ', username: 'no_underscores!', timezone: 'Mars/Olympus', status: 'x'.repeat(141) },
      { token: a.token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      status: 'error',
      message: MSG.validationFailed,
      errors: {
        name: [MSG.nameRequired],
        username: [MSG.incorrectUsername],
        timezone: [MSG.invalidTimezone],
        status: [MSG.statusTooLong],
      },
    });
    const offset = await client.post(
      '/user/settings/edit/profile',
      { timezone: '+05:00' },
      { token: a.token },
    );
    expect(offset.body).toMatchObject({ errors: { timezone: [MSG.invalidTimezone] } });
    const taken = await client.post(
      '/user/settings/edit/profile',
      { username: b.username.toUpperCase() },
      { token: a.token },
    );
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({
      status: 'error',
      message: MSG.validationFailed,
      errors: { username: [MSG.usernameTaken] },
    });
    // Changing one's own username's case is not "taken".
    const own = await client.post(
      '/user/settings/edit/profile',
      { username: `New ${a.username}` },
      { token: a.token },
    );
    expect(own.status).toBe(200);
    expect((await me(a.token)).username).toBe(`New ${a.username}`);
    expect((await client.post('/user/settings/edit/profile', {})).status).toBe(401);
  });

  it('a new name reaches the other side: list, history sender and a user.updated event', async () => {
    const a = await person(client);
    const b = await person(client);
    const chat = await direct(client, a, b);
    const hello = await sent(client, a, chat.id, 'hello');
    const socket = await TestSocket.open(suite.server.url);
    try {
      await socket.ready(b.token, { conversations: { [chat.id]: chat.last_seq } });
      await client.post('/user/settings/edit/profile', { name: 'Renamed' }, { token: a.token });
      const frame = await socket.next(
        (f) => f.op === 'event' && f.scope === 'conversation' && f.type === 'user.updated',
      );
      expect(frame).toMatchObject({
        conversation_id: chat.id,
        payload: { user_id: a.id, name: 'Renamed', username: a.username, avatar: null },
      });
      const seen = (await list(client, b)).conversations.find((c) => c.id === chat.id);
      expect(seen?.friend?.name).toBe('Renamed');
      expect(seen?.last_seq).toBe(frame.op === 'event' ? frame.seq : -1);
      const { messages } = await history(client, b, chat.id);
      expect(messages.find((m) => m.id === hello.id)?.sender?.name).toBe('Renamed');
      // A change nobody else can see (the timezone) writes no event.
      await client.post('/user/settings/edit/profile', { timezone: 'UTC' }, { token: a.token });
      const after = (await list(client, b)).conversations.find((c) => c.id === chat.id);
      expect(after?.last_seq).toBe(seen?.last_seq);
    } finally {
      socket.close();
    }
  });

  it('stores each switch, shows it in GET /user and refuses non-booleans', async () => {
    const a = await person(client);
    const calls: [string, string, keyof User][] = [
      ['/user/settings/notifications', 'status', 'notifications'],
      ['/user/settings/hide-status', 'hide_status', 'hide_status'],
      ['/user/mute', 'muted', 'muted'],
      ['/user/settings/allow-search', 'allow_search', 'allow_search'],
      ['/user/settings/load-links', 'load_links', 'load_links'],
    ];
    for (const [path, field, key] of calls) {
      const before = (await me(a.token))[key];
      const res = await client.post(path, { [field]: !before }, { token: a.token });
      expect(res.status, path).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect((await me(a.token))[key], path).toBe(!before);
      await client.post(path, { [field]: before ? 1 : 0 }, { token: a.token });
      expect((await me(a.token))[key], path).toBe(before);
      const bad = await client.post(path, { [field]: 'maybe' }, { token: a.token });
      expect(bad.status, path).toBe(422);
      expect(bad.body, path).toEqual({
        status: 'error',
        message: MSG.validationFailed,
        errors: { [field]: [MSG.invalidToggle] },
      });
      expect((await client.post(path, { [field]: true })).status, path).toBe(401);
    }
  });

  it('allow_search off takes the user out of user search', async () => {
    const a = await person(client);
    const b = await person(client);
    const search = async () =>
      (
        await client.get<{ users: { id: number }[] }>(`/users/search?q=${b.username}`, {
          token: a.token,
        })
      ).body.users.map((u) => u.id);
    expect(await search()).toContain(b.id);
    await client.post('/user/settings/allow-search', { allow_search: false }, { token: b.token });
    expect(await search()).not.toContain(b.id);
  });

  it('hide_status: contacts see the user go offline at once and never online again', async () => {
    const a = await person(client);
    const b = await person(client);
    await direct(client, a, b);
    const [sa, sb] = [
      await TestSocket.open(suite.server.url),
      await TestSocket.open(suite.server.url),
    ];
    try {
      await sb.ready(b.token);
      await sa.ready(a.token);
      await sb.next((f) => f.op === 'presence' && f.user_id === a.id && f.online);
      await client.post('/user/settings/hide-status', { hide_status: true }, { token: a.token });
      await sb.next((f) => f.op === 'presence' && f.user_id === a.id && !f.online);
      // A contact connecting now does not see them online.
      const sb2 = await TestSocket.open(suite.server.url);
      const ready = await sb2.ready(b.token);
      expect(ready.online_user_ids).not.toContain(a.id);
      sb2.close();
    } finally {
      sa.close();
      sb.close();
    }
  });

  it('max_time_inactive takes 1, 3, 6, 12 or null', async () => {
    const a = await person(client);
    for (const months of [1, 3, 6, 12, null]) {
      const res = await client.post(
        '/user/settings/max-time-inactive',
        { max_time_inactive: months },
        { token: a.token },
      );
      expect(res.status).toBe(200);
      expect((await me(a.token)).max_time_inactive).toBe(months);
    }
    const bad = await client.post(
      '/user/settings/max-time-inactive',
      { max_time_inactive: 2 },
      { token: a.token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: { max_time_inactive: [MSG.invalidInactivity] } });
  });

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
    }
    const limited = await client.post('/user/check-secret', { secret: '2718' }, { token: a.token });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 'error', message: MSG.tooManyRequests });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await client.post('/user/check-secret', { secret: '2718' }, { token: b.token });
    expect(other.status).toBe(200);
  });
});
