import { beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '@parley/protocol/realtime';
import type { Client } from './harness';
import { newAccount, registerAndLogin } from './harness';
import { person } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Settings follow the user across devices: every settings call appends one
// `settings.changed` user event with the fields it set, delivered live to
// each socket of that user (and to nobody else) and resumed like any other
// user event by a device that was away (docs/REALTIME.md).

type SettingsFrame = Extract<ServerFrame, { type: 'settings.changed' }>;

const isSettings = (f: ServerFrame): f is SettingsFrame =>
  f.op === 'event' && f.scope === 'user' && f.type === 'settings.changed';

/** One account signed in on two devices (two sessions). */
async function twoDevices(client: Client) {
  const account = newAccount('sync');
  const first = await registerAndLogin(client, account);
  const second = await client.post<{ access_token: string }>('/login', {
    login: account.login,
    password: account.password,
  });
  return { a: first.access_token, b: second.body.access_token };
}

describe.each(stores())('settings across devices ($name)', (backend) => {
  let client: Client;
  const suite = useSuiteServer(backend);
  beforeAll(() => ({ client } = suite));

  const open = () => TestSocket.open(suite.server.url);

  it("each settings call reaches the user's other device with the fields it set, and no one else", async () => {
    const tokens = await twoDevices(client);
    const stranger = await person(client);
    const [deviceA, deviceB, other] = [await open(), await open(), await open()];
    try {
      await deviceA.ready(tokens.a);
      await deviceB.ready(tokens.b);
      await other.ready(stranger.token);
      const post = (path: string, body: object) =>
        client.post(path, body, { token: tokens.a }).then((res) => {
          expect(res.status, path).toBe(200);
        });
      const cases: [string, object, Record<string, unknown>][] = [
        ['/user/settings/notifications', { status: false }, { notifications: false }],
        ['/user/settings/hide-status', { hide_status: 1 }, { hide_status: true }],
        ['/user/mute', { muted: true }, { muted: true }],
        ['/user/settings/allow-search', { allow_search: '0' }, { allow_search: false }],
        ['/user/settings/load-links', { load_links: false }, { load_links: false }],
        ['/user/settings/max-time-inactive', { max_time_inactive: 6 }, { max_time_inactive: 6 }],
        [
          '/user/settings/set-secret',
          { secret: '2718', secret_confirmation: '2718', secret_hint: 'e' },
          { secret_exists: true, secret_hint: 'e' },
        ],
        ['/user/paranoid', { on: true }, { paranoid: true }],
        ['/user/settings/edit/profile', { timezone: 'asia/yerevan' }, { timezone: 'Asia/Yerevan' }],
      ];
      for (const [path, body, payload] of cases) {
        await post(path, body);
        for (const device of [deviceB, deviceA]) {
          const frame = await device.next(isSettings);
          // Exactly the fields the call set: no password or passcode hash, nothing else.
          expect(frame.op === 'event' && frame.payload, path).toEqual(payload);
        }
      }
      // Applied in order, the frames give what GET /user shows.
      const user = (await client.get<Record<string, unknown>>('/user', { token: tokens.b })).body;
      const applied = Object.assign({}, ...deviceB.frames.filter(isSettings).map((f) => f.payload));
      expect(user).toMatchObject(applied);

      // The stranger's own change is a barrier: their channel delivered it,
      // so anything of the first user's it were to carry would be here by now.
      await client.post('/user/mute', { muted: true }, { token: stranger.token });
      const own = await other.next(isSettings);
      expect(own.op === 'event' && own.payload).toEqual({ muted: true });
      expect(other.frames.filter(isSettings)).toHaveLength(1);
    } finally {
      for (const s of [deviceA, deviceB, other]) s.close();
    }
  });

  it('a name-only profile edit writes no settings event; a refused call writes none', async () => {
    const tokens = await twoDevices(client);
    const device = await open();
    try {
      await device.ready(tokens.b);
      await client.post('/user/settings/edit/profile', { name: 'Only Name' }, { token: tokens.a });
      const early = await client.post('/user/paranoid', { on: true }, { token: tokens.a });
      expect(early.status).toBe(422); // no passcode yet
      await client.post('/user/settings/load-links', { load_links: true }, { token: tokens.a });
      const frame = await device.next(isSettings);
      expect(frame.op === 'event' && frame.payload).toEqual({ load_links: true });
      expect(device.frames.filter(isSettings)).toHaveLength(1);
    } finally {
      device.close();
    }
  });

  it('a device that was away gets the changes on resume, in order', async () => {
    const tokens = await twoDevices(client);
    const since = (await client.get<{ user_seq: number }>('/user/folders', { token: tokens.b }))
      .body.user_seq;
    await client.post('/user/mute', { muted: true }, { token: tokens.a });
    await client.post('/user/mute', { muted: false }, { token: tokens.a });
    await client.post('/user/settings/notifications', { status: false }, { token: tokens.a });
    const device = await open();
    try {
      await device.ready(tokens.b, { user_seq: since });
      const backlog: SettingsFrame[] = [];
      for (let i = 0; i < 3; i++) backlog.push((await device.next(isSettings)) as SettingsFrame);
      expect(backlog.map((f) => f.payload)).toEqual([
        { muted: true },
        { muted: false },
        { notifications: false },
      ]);
      expect(backlog.map((f) => f.seq)).toEqual([since + 1, since + 2, since + 3]);
    } finally {
      device.close();
    }
  });
});
