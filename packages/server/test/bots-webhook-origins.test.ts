import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Telegraf } from 'telegraf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { parseWebhookOrigins } from '../src/config-webhook-origins';
import { api, newBot } from './bots';
import { eventually } from './bots-grammy';
import { direct, person, send } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// BOT_WEBHOOK_ALLOWED_ORIGINS: a bot beside the server (http://127.0.0.1:…)
// may take webhooks when the operator lists its exact origin; any other
// scheme, address or port stays refused, as without the setting.

describe('BOT_WEBHOOK_ALLOWED_ORIGINS', () => {
  it('reads exact origins and refuses anything else', () => {
    const problems: string[] = [];
    expect(
      parseWebhookOrigins('http://127.0.0.1:3000, https://[::1]:8443 http://10.0.0.5', problems),
    ).toEqual(['http://127.0.0.1:3000', 'https://[::1]:8443', 'http://10.0.0.5']);
    expect(problems).toEqual([]);
    for (const bad of ['http://127.0.0.1:3000/hook', 'ftp://127.0.0.1', 'http://bot.local:3000']) {
      const found: string[] = [];
      expect(parseWebhookOrigins(bad, found)).toEqual([]);
      expect(found[0]).toContain('BOT_WEBHOOK_ALLOWED_ORIGINS');
    }
    expect(loadConfig({}).botWebhookOrigins).toEqual([]);
    expect(() => loadConfig({ BOT_WEBHOOK_ALLOWED_ORIGINS: 'localhost:3000' })).toThrow(
      /BOT_WEBHOOK_ALLOWED_ORIGINS/,
    );
  });
});

for (const backend of stores()) {
  describe(`a Telegraf webhook bot beside the server (${backend.name})`, () => {
    const hook = createServer();
    // Filled in once the bot's port is known; the server reads it at each call.
    const origins: string[] = [];
    let port = 0;
    beforeAll(async () => {
      await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
      port = (hook.address() as AddressInfo).port;
      origins.push(`http://127.0.0.1:${port}`);
    });
    // No test endpoints: the address guard as in production, plus the setting.
    const suite = useSuiteServer(backend, { bots: { webhooks: { origins, retryBaseMs: 50 } } });
    afterAll(async () => {
      hook.closeAllConnections();
      await new Promise((resolve) => hook.close(resolve));
    });

    it('works on its listed origin with its defaults; other ports and schemes are refused', async () => {
      const { client } = suite;
      const owner = await person(client);
      const made = await newBot(client, owner, 'beside');
      const bot = new Telegraf(made.token, { telegram: { apiRoot: suite.server.url } });
      bot.on('text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
      bot.catch(() => undefined);
      const callback = bot.webhookCallback('/hook');
      hook.on('request', (req, res) => void callback(req, res));

      for (const url of [
        `http://127.0.0.1:${port + 1}/hook`,
        `https://127.0.0.1:${port}/hook`,
        `http://[::1]:${port}/hook`,
      ]) {
        const refused = await api(client, made.token, 'setWebhook', { url });
        expect(refused.status).toBe(400);
        expect(refused.body.description).toMatch(/^Bad Request: bad webhook: /);
      }
      await bot.telegram.setWebhook(`http://127.0.0.1:${port}/hook`);
      const chat = await direct(client, owner, { ...owner, id: made.id });
      await send(client, owner, chat.id, 'beside');
      const echo = await eventually(() =>
        suite.ts.store.db
          .selectFrom('messages')
          .select('message')
          .where('user_id', '=', made.id)
          .executeTakeFirst(),
      );
      expect(echo.message).toBe('echo: beside');

      // Once the operator drops the origin, the same URL is refused again.
      origins.length = 0;
      const again = await api(client, made.token, 'setWebhook', {
        url: `http://127.0.0.1:${port}/hook`,
      });
      expect(again.status).toBe(400);
      hook.removeAllListeners('request');
    }, 30_000);
  });
}
