import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newBot } from './bots';
import type { BotReply } from './bots';
import { eventually } from './bots-grammy';
import { counterBackends } from './counters';
import { direct, person, send } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// The Bot API's security cases on every store: a token's id part, a stopped
// owner, NUL characters, malformed multipart, a webhook reply that asks for
// what the bot may not do, and the limits on wrong tokens, chat actions and
// button presses (on PostgreSQL with Redis counters, as a cluster runs).

describe.each(stores())('Bot API security ($name)', (backend) => {
  const hook = createServer();
  const allowed = { address: '127.0.0.1', port: 0 };
  beforeAll(async () => {
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    allowed.port = (hook.address() as AddressInfo).port;
  });
  const suite = useSuiteServer(backend, {
    bots: { webhooks: { allow: [allowed], onlyAllowed: true, retryBaseMs: 50, sweepMs: 100 } },
  });
  afterAll(async () => {
    hook.closeAllConnections();
    await new Promise((resolve) => hook.close(resolve));
  });

  it('checks the id part of a token on every call, cached or not', async () => {
    const owner = await person(suite.client);
    const bot = await newBot(suite.client, owner, 'tokid');
    const secret = bot.token.split(':')[1] ?? '';
    const wrongId = `${bot.id + 1000}:${secret}`;
    expect((await api(suite.client, wrongId, 'getMe')).status).toBe(401);
    expect((await api(suite.client, bot.token, 'getMe')).status).toBe(200); // now cached
    const after = await api(suite.client, wrongId, 'getMe');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
  });

  it('stops the bots of a disabled owner, and of a deleted one (401 as a revoked token)', async () => {
    const { client, ts } = suite;
    for (const column of ['disabled_at', 'deleted_at'] as const) {
      const owner = await person(client);
      const bot = await newBot(client, owner, 'stop');
      const chat = await direct(client, owner, { ...owner, id: bot.id });
      expect((await api(client, bot.token, 'getMe')).status).toBe(200);
      await ts.store.db
        .updateTable('users')
        .set({ [column]: new Date().toISOString() })
        .where('id', '=', owner.id)
        .execute();
      // Within the token cache's few seconds on every node.
      const refused = await eventually(async () => {
        const res = await api(client, bot.token, 'getMe');
        return res.status === 401 ? res : undefined;
      }, 15_000);
      expect(refused.body.description).toBe('Unauthorized');
      const sent = await api(client, bot.token, 'sendMessage', { chat_id: chat.id, text: 'hi' });
      expect(sent.status).toBe(401);
    }
  }, 60_000);

  it('refuses a NUL character with a 400, on every store, and stores nothing', async () => {
    const { client, ts } = suite;
    const owner = await person(client);
    const bot = await newBot(client, owner, 'nul');
    const chat = await direct(client, owner, { ...owner, id: bot.id });
    const res = await api(client, bot.token, 'sendMessage', { chat_id: chat.id, text: 'a\u0000b' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error_code: 400 });
    expect(res.body.description).toMatch(/^Bad Request: /);
    const stored = await ts.store.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', bot.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers malformed multipart bodies with a Telegram-style 400', async () => {
    const owner = await person(suite.client);
    const bot = await newBot(suite.client, owner, 'multi');
    const part = '--XYZ\r\nContent-Disposition: form-data; name="chat_id"\r\n\r\n1\r\n';
    const bodies = [
      { body: `${part}--XYZ\r\nContent-Disp`, type: 'multipart/form-data; boundary=XYZ' }, // cut off
      { body: `${part}--XYZ--`, type: 'multipart/form-data' }, // no boundary
      { body: 'not multipart at all', type: 'multipart/form-data; boundary=XYZ' },
      {
        body: `${part}--XYZ\r\nno header\r\n\r\nx\r\n--XYZ--`,
        type: 'multipart/form-data; boundary=XYZ',
      },
      {
        body: `${part}--XYZ\r\nContent-Disposition: form-data; name="text"\r\n\r\na\u0000b\r\n--XYZ--\r\n`,
        type: 'multipart/form-data; boundary=XYZ',
      }, // NUL in a field
    ];
    for (const raw of bodies) {
      const res = await api(suite.client, bot.token, 'sendMessage', {}, raw);
      expect(res.status, raw.body).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error_code: 400 });
      expect(res.body.description).toMatch(/^Bad Request: /);
      if (raw.body.includes('\u0000')) expect(res.body.description).toContain('NUL');
    }
  });

  it('runs a webhook reply with the same access checks as the HTTP call', async () => {
    const { client, ts } = suite;
    const owner = await person(client);
    const stranger = await person(client);
    const other = await person(client);
    const foreign = await direct(client, stranger, other); // the bot is not in it
    const bot = await newBot(client, owner, 'reply');
    const chat = await direct(client, owner, { ...owner, id: bot.id });
    const replies: string[] = [];
    hook.on('request', (req, res) => {
      req.resume();
      const body = replies.shift() ?? '';
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    const url = `http://127.0.0.1:${allowed.port}/hook`;
    expect((await api(client, bot.token, 'setWebhook', { url })).status).toBe(200);
    replies.push(
      JSON.stringify({ method: 'sendMessage', chat_id: foreign.id, text: 'intruder' }),
      JSON.stringify({ method: 'sendMessage', chat_id: chat.id, text: 'x\u0000y' }),
      JSON.stringify({ method: 'sendMessage', chat_id: chat.id, text: 'allowed' }),
    );
    await send(client, owner, chat.id, 'one');
    await send(client, owner, chat.id, 'two');
    await send(client, owner, chat.id, 'three');
    const mine = await eventually(async () => {
      const rows = await ts.store.db
        .selectFrom('messages')
        .select(['conversation_id', 'message'])
        .where('user_id', '=', bot.id)
        .execute();
      return rows.length > 0 ? rows : undefined;
    });
    // The third reply ran: by then the first two had been refused.
    expect(mine).toEqual([{ conversation_id: chat.id, message: 'allowed' }]);
    hook.removeAllListeners('request');
  });
});

describe.each(stores())('Bot API limits ($name)', (backend) => {
  // PostgreSQL runs with the counters in Redis (when TEST_REDIS_URL is set).
  const redis =
    backend.name === 'postgres' ? counterBackends().find((c) => c.name === 'redis') : undefined;
  const counters = redis?.open();
  afterAll(async () => counters?.close());
  const rule = (max: number) => ({ max, windowSeconds: 60 });
  const suite = useSuiteServer(backend, {
    ...(counters ? { redis: counters.redis, rateLimitPrefix: counters.prefix } : {}),
    bots: {
      apiLimits: {
        wrongTokenPerAddress: rule(3),
        chatActionPerChat: rule(2),
        pressPerUser: rule(2),
      },
    },
  });

  const expect429 = (res: { status: number; body: BotReply }) => {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ ok: false, error_code: 429 });
    const wait = res.body.parameters?.retry_after ?? 0;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(res.body.description).toBe(`Too Many Requests: retry after ${wait}`);
  };

  it('limits sendChatAction per bot per chat', async () => {
    const { client } = suite;
    const owner = await person(client);
    const bot = await newBot(client, owner, 'act');
    const chat = await direct(client, owner, { ...owner, id: bot.id });
    const other = await direct(client, await person(client), { ...owner, id: bot.id });
    const act = (chatId: number) =>
      api(client, bot.token, 'sendChatAction', { chat_id: chatId, action: 'typing' });
    expect((await act(chat.id)).status).toBe(200);
    expect((await act(chat.id)).status).toBe(200);
    expect429(await act(chat.id));
    expect((await act(other.id)).status).toBe(200); // another chat has its own budget
  });

  it('limits button presses per person, with Retry-After', async () => {
    const { client } = suite;
    const owner = await person(client);
    const bot = await newBot(client, owner, 'press');
    const chat = await direct(client, owner, { ...owner, id: bot.id });
    const sent = await api(client, bot.token, 'sendMessage', {
      chat_id: chat.id,
      text: 'menu',
      reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] },
    });
    const id = (sent.body.result as { message_id: number }).message_id;
    const press = () =>
      client.post(`/user/messages/${id}/callback`, { data: 'a' }, { token: owner.token });
    expect((await press()).status).toBe(200);
    expect((await press()).status).toBe(200);
    const refused = await press();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ retry_after: expect.any(Number) });
  });

  // Last: it blocks this suite's address for the rest of the window.
  it('refuses an address that sent too many wrong tokens, a right token too', async () => {
    const { client } = suite;
    const owner = await person(client);
    const bot = await newBot(client, owner, 'guess');
    const wrong = `${bot.id}:${'x'.repeat(35)}`;
    for (let i = 0; i < 3; i += 1) {
      expect((await api(client, wrong, 'getMe')).status).toBe(401);
    }
    const limited = await fetch(`${client.baseUrl}/bot${wrong}/getMe`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect429({ status: limited.status, body: (await limited.json()) as BotReply });
    expect429(await api(client, bot.token, 'getMe'));
  });
});
