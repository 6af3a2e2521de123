import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import { INACTIVITY_WARNING_MESSAGE_TYPE } from '@parley/protocol/settings';
import type { User } from '@parley/protocol/user';
import { claimLease } from '../src/jobs/locks';
import { addMonths } from '../src/jobs/inactivity';
import { Client, newAccount, registerAndLogin, startServer } from './harness';
import type { Server } from './harness';
import { direct, list } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import type { TestStore } from './stores';

// The inactive-account job with an injected clock: a warning in the System
// chat 7 days before the chosen period ends, deletion after it, activity
// starting a new period, and one node acting per round.

const DAY = 24 * 60 * 60 * 1000;

describe('addMonths', () => {
  it('moves by calendar months and clamps to the month end', () => {
    const at = (iso: string) => new Date(iso);
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
    expect(addMonths(at('2026-03-31T00:00:00Z'), -1).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
  });
});

describe.each(stores())('inactive accounts ($name)', (backend) => {
  let ts: TestStore;
  let server: Server;
  let second: Server;
  let client: Client;
  const T0 = new Date('2026-01-10T12:00:00.000Z');
  let clock = T0;
  const at = (ms: number) => {
    clock = new Date(T0.getTime() + ms);
  };

  beforeAll(async () => {
    ts = await backend.open();
    server = await startServer(ts.store, { now: () => clock });
    // A second node on the same database, for the lease.
    second = await startServer(ts.reopen(), { now: () => clock });
    client = new Client(server.url);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await ts?.store.close();
    await ts?.destroy();
  });

  async function signUp(months: number | null) {
    const signed = await registerAndLogin(client, newAccount('idle'));
    const token = signed.access_token;
    const me = (await client.get<User>('/user', { token })).body;
    if (months !== null) {
      await client.post(
        '/user/settings/max-time-inactive',
        { max_time_inactive: months },
        { token },
      );
    }
    const who: Person = { id: me.id, token, username: me.username, name: me.name };
    return { ...signed, who };
  }

  const round = () => server.app.jobs.inactivityRound();

  /** Signs in now (access tokens live 15 minutes of the test clock). */
  async function signIn(account: { login: string; password: string }): Promise<string> {
    const res = await client.post<{ access_token: string }>('/login', account);
    if (res.status !== 200) throw new Error(`login: ${res.status}`);
    return res.body.access_token;
  }

  /** The inactivity warnings in the user's System chat, read as they are stored. */
  async function warnings(userId: number) {
    return ts.store.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.message', 'm.user_id'])
      .where('c.unique_key', '=', `system:${userId}`)
      .where('m.type', '=', INACTIVITY_WARNING_MESSAGE_TYPE)
      .execute();
  }

  it('warns 7 days before, deletes after, and spares everyone else', async () => {
    at(0);
    const idle = await signUp(1);
    const never = await signUp(null);
    const longer = await signUp(3);
    const friend = await signUp(null);
    const chat = await direct(client, friend.who, idle.who);

    at(20 * DAY);
    expect(await round()).toEqual({ warned: [], deleted: [] });

    // 31 days after T0 is the deadline (10 Jan + 1 month); 6 days before it.
    at(25 * DAY);
    // The friend keeps using the app; the idle account does not.
    await signIn(friend.account);
    expect(await round()).toEqual({ warned: [idle.who.id], deleted: [] });
    expect(await round()).toEqual({ warned: [], deleted: [] });

    // Reading one's System chat is activity, so read it as of the warning with a token only.
    const adminView = await ts.store.db
      .selectFrom('messages')
      .select(['message', 'type', 'user_id'])
      .where('type', '=', INACTIVITY_WARNING_MESSAGE_TYPE)
      .execute();
    expect(adminView).toEqual([
      {
        message: MSG.inactivityWarningNotice,
        type: INACTIVITY_WARNING_MESSAGE_TYPE,
        user_id: null,
      },
    ]);

    at(32 * DAY);
    expect(await round()).toEqual({ warned: [], deleted: [idle.who.id] });
    const friendNow = await signIn(friend.account);

    // Gone: tokens, sign-in; login and username free again; contacts see "Deleted account".
    expect((await client.get('/user', { token: idle.access_token })).status).toBe(401);
    expect((await client.post('/user/refresh', { refresh_token: idle.refresh_token })).status).toBe(
      401,
    );
    const login = await client.post('/login', {
      login: idle.account.login,
      password: idle.account.password,
    });
    expect(login.status).toBe(422);
    const seen = (await list(client, { ...friend.who, token: friendNow })).conversations.find(
      (c) => c.id === chat.id,
    );
    expect(seen?.friend?.name).toBe('Deleted account');
    expect(seen?.friend?.avatar).toBeNull();
    const again = await client.post('/register', idle.account);
    expect(again.status).toBe(200);

    const system = await ts.store.db
      .selectFrom('conversations')
      .select('id')
      .where('unique_key', 'in', [`system:${idle.who.id}`, `saved:${idle.who.id}`])
      .execute();
    expect(system).toEqual([]);
    for (const kept of [never, longer, friend]) {
      const res = await client.post('/login', {
        login: kept.account.login,
        password: kept.account.password,
      });
      expect(res.status).toBe(200);
    }
  });

  it('using the account starts a new period with a new warning', async () => {
    at(100 * DAY);
    const user = await signUp(1);
    // (Accounts of the first case with a 3-month limit come due meanwhile.)
    at(100 * DAY + 26 * DAY);
    expect((await round()).warned).toContain(user.who.id);
    // Back before the deadline: one request is enough (the guard records activity).
    at(100 * DAY + 29 * DAY);
    const token = await signIn(user.account);
    expect((await client.get('/user', { token })).status).toBe(200);
    at(100 * DAY + 40 * DAY);
    const quiet = await round();
    expect(quiet.warned).not.toContain(user.who.id);
    expect(quiet.deleted).not.toContain(user.who.id);
    expect(await warnings(user.who.id)).toHaveLength(1);
    // A month after that visit: warned again, then deleted.
    at(100 * DAY + 29 * DAY + 26 * DAY);
    expect((await round()).warned).toContain(user.who.id);
    expect(await warnings(user.who.id)).toHaveLength(2);
    at(100 * DAY + 29 * DAY + 33 * DAY);
    expect((await round()).deleted).toContain(user.who.id);
  });

  it('one node acts per round: the lease in job_locks', async () => {
    at(400 * DAY);
    const { runner, inactivity } = server.app.jobs;
    const other = second.app.jobs;
    expect(await runner.runOnce(inactivity)).toBe(true);
    expect(await other.runner.runOnce(other.inactivity)).toBe(false);
    expect(await runner.runOnce(inactivity)).toBe(false);
    // After the lease (0.9 × the interval), the next round may run anywhere.
    at(400 * DAY + inactivity.intervalMs);
    expect(await other.runner.runOnce(other.inactivity)).toBe(true);

    const now = new Date(T0.getTime() + 500 * DAY);
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd'].map((holder) => claimLease(ts.store.db, 'race', holder, now, 60_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
