import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserList } from '@parley/protocol/admin';
import { MSG } from '@parley/protocol/messages';
import { runAdminCommand } from '../src/features/admin/cli-commands';
import { newBot } from './bots';
import { counterBackends } from './counters';
import { registerAndLogin } from './harness';
import type { Client, Reply, SignedIn } from './harness';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// The admin surface against the accounts it must not touch, on SQLite and on
// PostgreSQL with its counters in Redis (as a cluster runs): a bot gets no
// password and no admin seat, the official bot is never disabled or deleted
// (through the API and `npm run admin` alike), someone without the role gets
// 403 for all of it, and deleting one account many times at once gives one
// success and 404s — never a 500.

const redisCounters = counterBackends().find((c) => c.name === 'redis');

describe.each(stores())('admin security ($name)', (backend) => {
  const counters = backend.name === 'postgres' ? redisCounters?.open() : undefined;
  afterAll(async () => counters?.close());
  const suite = useSuiteServer(backend, {
    ...(counters ? { redis: counters.redis, rateLimitPrefix: counters.prefix } : {}),
  });
  let client: Client;
  let admin: SignedIn;
  let member: SignedIn;
  let bot: AdminUser;
  let official: AdminUser;

  const idOf = async (who: SignedIn) =>
    (await client.get<{ id: number }>('/user', { token: who.access_token })).body.id;
  const find = async (q: string) => {
    const list = await client.get<AdminUserList>(`/admin/users?q=${encodeURIComponent(q)}`, {
      token: admin.access_token,
    });
    const user = list.body.users.find((u) => u.username.toLowerCase() === q.toLowerCase());
    if (!user) throw new Error(`no account @${q}: ${JSON.stringify(list.body)}`);
    return user;
  };
  /** The calls an admin may not make on a bot, and on the official bot. */
  const botCalls = (id: number, as: SignedIn) => ({
    resetTemporary: () =>
      client.post(`/admin/users/${id}/password`, {}, { token: as.access_token }),
    resetChosen: () =>
      client.post(
        `/admin/users/${id}/password`,
        { password: 'chosen-password-1' },
        { token: as.access_token },
      ),
    makeAdmin: () =>
      client.post(`/admin/users/${id}/role`, { is_admin: true }, { token: as.access_token }),
  });
  const officialCalls = (id: number, as: SignedIn) => ({
    disable: () => client.post(`/admin/users/${id}/disable`, {}, { token: as.access_token }),
    remove: () => client.delete(`/admin/users/${id}`, { token: as.access_token }),
  });
  const expectRefused = (res: Reply, message: string) =>
    expect(res).toMatchObject({ status: 403, body: { message } });

  beforeAll(async () => {
    client = suite.client;
    admin = await registerAndLogin(client); // the install's first account
    member = await registerAndLogin(client);
    const owner = { id: await idOf(member), token: member.access_token, username: '', name: '' };
    bot = await find((await newBot(client, owner)).username);
    official = await find('ParleyBot');
  });

  it('lists which accounts are bots and which is official', () => {
    expect(bot).toMatchObject({ is_bot: true, is_official: false });
    expect(official).toMatchObject({ is_bot: true, is_official: true });
  });

  it('gives a bot no password and no admin seat (403), changing nothing', async () => {
    for (const target of [bot, official]) {
      const calls = botCalls(target.id, admin);
      for (const call of [calls.resetTemporary, calls.resetChosen, calls.makeAdmin]) {
        const res = await call();
        expectRefused(res, MSG.adminBotAccount);
        expect(JSON.stringify(res.body)).not.toContain('temporary_password');
      }
      expect((await find(target.username)).is_admin).toBe(false);
    }
    const log = await client.get<{ entries: { action: string }[] }>('/admin/audit', {
      token: admin.access_token,
    });
    expect(log.body.entries.map((e) => e.action)).not.toContain('user.reset_password');
    expect(log.body.entries.map((e) => e.action)).not.toContain('user.grant_admin');
  });

  it('keeps the official bot from being disabled or deleted; an owner’s bot may be', async () => {
    const calls = officialCalls(official.id, admin);
    expectRefused(await calls.disable(), MSG.officialBotProtected);
    expectRefused(await calls.remove(), MSG.officialBotProtected);
    expect(await find('ParleyBot')).toMatchObject({ disabled: false, deleted: false });
    const other = officialCalls(bot.id, admin);
    expect((await other.disable()).status).toBe(200);
    expect((await find(bot.username)).disabled).toBe(true);
  });

  it('refuses the same on the host command line, in the API’s words', async () => {
    const admin = suite.server.app.admin;
    const run = (...argv: string[]) => runAdminCommand(admin, argv, () => undefined);
    const named = `@${bot.username}`;
    await expect(run('reset-password', named)).rejects.toThrow(MSG.adminBotAccount);
    await expect(run('grant', named)).rejects.toThrow(MSG.adminBotAccount);
    await expect(run('disable', '@parleybot')).rejects.toThrow(MSG.officialBotProtected);
    await expect(run('delete', '@ParleyBot')).rejects.toThrow(MSG.officialBotProtected);
    const lines: string[] = [];
    await runAdminCommand(admin, ['users', 'ParleyBot'], (line) => lines.push(line));
    expect(lines[0]).toContain('official bot');
  });

  it('refuses all of it to someone without the admin role (403, nothing changes)', async () => {
    const user = await registerAndLogin(client);
    const victim = await registerAndLogin(client);
    const id = await idOf(victim);
    const calls = [
      ...Object.values(botCalls(bot.id, member)),
      ...Object.values(officialCalls(official.id, member)),
      ...Object.values(botCalls(id, user)),
      ...Object.values(officialCalls(id, user)),
    ];
    for (const call of calls) expectRefused(await call(), MSG.forbidden);
    const after = await client.get<AdminUser>(`/admin/users/${id}`, {
      token: admin.access_token,
    });
    expect(after.body).toMatchObject({ is_admin: false, disabled: false, deleted: false });
  });

  it('deletes one account once when many deletions race: one 200, the rest 404, no 500', async () => {
    for (let round = 0; round < 3; round++) {
      const victim = await registerAndLogin(client);
      const id = await idOf(victim);
      const replies = await Promise.all(
        Array.from({ length: 8 }, () =>
          client.delete(`/admin/users/${id}`, { token: admin.access_token }),
        ),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(replies.map((r) => r.body))).toEqual([
        200, 404, 404, 404, 404, 404, 404, 404,
      ]);
      const after = await client.get<AdminUser>(`/admin/users/${id}`, {
        token: admin.access_token,
      });
      expect(after.body).toMatchObject({ deleted: true, name: 'Deleted account' });
      const log = await client.get<{ entries: { action: string; target: string }[] }>(
        '/admin/audit?limit=20',
        { token: admin.access_token },
      );
      expect(
        log.body.entries.filter((e) => e.action === 'user.delete' && e.target.endsWith(`#${id})`)),
      ).toHaveLength(1);
    }
  });
});
