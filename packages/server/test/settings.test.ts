import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import type { User } from '@parley/protocol/user';
import type { Client } from './harness';
import { direct, history, list, person, sent } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Every settings call of spec 7 on each store: what it stores, what GET
// /user shows, the refusals (`status: 'error'` with errors or message), and
// what each setting does elsewhere in the product. The password and the
// passcode are in settings-security.test.ts; settings following the user to
// their other devices in settings-sync.test.ts.

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
});
