import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newBot } from './bots';
import { eventually } from './bots-grammy';
import { direct, person, send } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// The Bot API's security cases on every store: a token's id part, a stopped
// owner, NUL characters, malformed multipart, and a webhook reply that asks
// for what the bot may not do.

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

  it('answers a malformed multipart body with a Telegram-style 400', async () => {
    const owner = await person(suite.client);
    const bot = await newBot(suite.client, owner, 'multi');
    const cut =
      '--XYZ\r\nContent-Disposition: form-data; name="chat_id"\r\n\r\n1\r\n--XYZ\r\nContent-Disp';
    const res = await api(
      suite.client,
      bot.token,
      'sendMessage',
      {},
      {
        body: cut,
        type: 'multipart/form-data; boundary=XYZ',
      },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error_code: 400 });
    expect(res.body.description).toMatch(/^Bad Request: /);
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
