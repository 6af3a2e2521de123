import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookCallback } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateBotReply } from '@parley/protocol/bot';
import { echoBot, exerciseEchoBot } from './bots-grammy';
import { person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// A real bot written with grammY (npm), its API root pointed at the test
// server: once over long polling (bot.start), once over a webhook to a
// node http server on 127.0.0.1. Each stops and closes what it started.

const expectations = (seen: Awaited<ReturnType<typeof exerciseEchoBot>>) => {
  expect(seen.chat.with_bot).toBe(true);
  expect(seen.chat.with_own_bot).toBe(true);
  expect(seen.pivot.pivot.keyboard).toEqual([['Echo me', 'Menu']]);
  expect(seen.pivot.pivot.keyboard_options).toEqual({
    one_time: true,
    resize: true,
    placeholder: null,
  });
  expect(seen.menu.reply_markup?.inline_keyboard?.[0]).toEqual([
    { text: 'A', callback_data: 'pick-a' },
    { text: 'Site', url: 'https://example.org' },
  ]);
  expect(seen.press.status).toBe(200);
  expect(seen.answer).toMatchObject({
    text: 'You picked A',
    show_alert: true,
    message_id: seen.menu.id,
  });
  expect(seen.edited.id).toBe(seen.menu.id);
};

for (const backend of stores()) {
  describe(`a grammY bot over long polling (${backend.name})`, () => {
    const suite = useSuiteServer(backend);

    it('answers /start with a reply keyboard, echoes, and answers an inline button', async () => {
      const { client, server, ts } = suite;
      const alice = await person(client);
      const created = await client.post<CreateBotReply>(
        '/user/bots',
        { name: 'Echo', username: 'echo_poll_bot' },
        { token: alice.token },
      );
      expect(created.status).toBe(200);
      const bot = echoBot(created.body.token, server.url);
      const running = bot.start({ timeout: 2, drop_pending_updates: true });
      try {
        expectations(await exerciseEchoBot(client, ts.store, alice, created.body.bot.id));
      } finally {
        await bot.stop();
        await running;
      }
    }, 30_000);
  });

  describe(`a grammY bot over a webhook (${backend.name})`, () => {
    const hook = createServer();
    // Filled in once the hook listens, before the app is built (hooks run in order).
    const allowed = { address: '127.0.0.1', port: 0 };
    beforeAll(async () => {
      await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
      allowed.port = (hook.address() as AddressInfo).port;
    });
    const suite = useSuiteServer(backend, {
      bots: {
        webhooks: {
          allow: [allowed],
          onlyAllowed: true,
          retryBaseMs: 50,
          sweepMs: 100,
        },
      },
    });
    afterAll(async () => {
      hook.closeAllConnections();
      await new Promise((resolve) => hook.close(resolve));
    });

    it('gets the same conversation through POSTs to its webhook, with the secret token', async () => {
      const { client, server, ts } = suite;
      const port = allowed.port;
      const alice = await person(client);
      const created = await client.post<CreateBotReply>(
        '/user/bots',
        { name: 'Hook', username: 'echo_hook_bot' },
        { token: alice.token },
      );
      const bot = echoBot(created.body.token, server.url);
      await bot.init();
      const secret = 'a-secret_token';
      let refused = 0;
      const callback = webhookCallback(bot, 'http', { secretToken: secret });
      hook.on('request', (req, res) => {
        if (req.headers['x-telegram-bot-api-secret-token'] !== secret) refused += 1;
        void callback(req, res);
      });
      await bot.api.setWebhook(`http://127.0.0.1:${port}/hook`, { secret_token: secret });
      const info = await bot.api.getWebhookInfo();
      expect(info.url).toBe(`http://127.0.0.1:${port}/hook`);
      expectations(await exerciseEchoBot(client, ts.store, alice, created.body.bot.id));
      expect(refused).toBe(0);
      await bot.api.deleteWebhook();
    }, 30_000);
  });
}
