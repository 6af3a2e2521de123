import { describe, expect, it } from 'vitest';
import type { Bot, BotList } from '@parley/protocol/bot';
import { api, newBot } from './bots';
import { person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Bot accounts and tokens (docs/BOTS.md): "My bots", tokens shown once and
// stored hashed, owner-only access, and the Bot API's refusals in
// Telegram's shape, never a 500.

for (const backend of stores()) {
  describe(`bot accounts and tokens (${backend.name})`, () => {
    const suite = useSuiteServer(backend);

    it('creates a bot whose username ends in "bot", and refuses other names', async () => {
      const { client } = suite;
      const alice = await person(client);
      const bad = await client.post(
        '/user/bots',
        { name: 'X', username: 'helper' },
        { token: alice.token },
      );
      expect(bad.status).toBe(422);
      expect(JSON.stringify(bad.body)).toContain("must end in 'bot'");
      const bot = await newBot(client, alice);
      expect(bot.token).toMatch(new RegExp(`^${bot.id}:[A-Za-z0-9_-]{35}$`));
      const taken = await client.post(
        '/user/bots',
        { name: 'Y', username: bot.username.toUpperCase() },
        { token: alice.token },
      );
      expect(taken.status).toBe(422);
      const list = await client.get<BotList>('/user/bots', { token: alice.token });
      expect(list.body.bots.map((b) => b.username)).toEqual([bot.username]);
      expect(list.body.bots[0]).toMatchObject({
        has_token: true,
        is_official: false,
        webhook_url: null,
      });
    });

    it('stores only a hash of the token; a new token ends the old, revoke ends both', async () => {
      const { client, ts } = suite;
      const alice = await person(client);
      const bot = await newBot(client, alice);
      const row = await ts.store.db
        .selectFrom('bots')
        .selectAll()
        .where('user_id', '=', bot.id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).not.toContain(bot.token.split(':')[1] ?? '');
      expect((await api(client, bot.token, 'getMe')).body.result).toMatchObject({
        id: bot.id,
        is_bot: true,
        username: bot.username,
      });
      const issued = await client.post<{ token: string }>(`/user/bots/${bot.id}/token`, undefined, {
        token: alice.token,
      });
      expect((await api(client, bot.token, 'getMe')).body).toEqual({
        ok: false,
        error_code: 401,
        description: 'Unauthorized',
      });
      expect((await api(client, issued.body.token, 'getMe')).status).toBe(200);
      const revoked = await client.delete(`/user/bots/${bot.id}/token`, { token: alice.token });
      expect(revoked.status).toBe(200);
      expect((await api(client, issued.body.token, 'getMe')).status).toBe(401);
    });

    it('lets only the owner see, rename, describe or delete a bot', async () => {
      const { client } = suite;
      const [alice, bob] = [await person(client), await person(client)];
      const bot = await newBot(client, alice);
      const patch = (who: typeof alice, body: unknown) =>
        client.call<Bot>('PATCH', `/api/v1/user/bots/${bot.id}`, body, { token: who.token });
      expect((await patch(bob, { name: 'Mine' })).status).toBe(404);
      expect((await client.delete(`/user/bots/${bot.id}`, { token: bob.token })).status).toBe(404);
      expect(
        (await client.post(`/user/bots/${bot.id}/token`, undefined, { token: bob.token })).status,
      ).toBe(404);
      const renamed = await patch(alice, { name: 'Renamed', description: 'Says hello' });
      expect(renamed.body).toMatchObject({ name: 'Renamed', description: 'Says hello' });
      expect((await patch(alice, {})).status).toBe(422);
      expect((await client.delete(`/user/bots/${bot.id}`, { token: alice.token })).status).toBe(
        200,
      );
      expect((await api(client, bot.token, 'getMe')).status).toBe(401);
      expect((await client.get<BotList>('/user/bots', { token: alice.token })).body.bots).toEqual(
        [],
      );
    });

    it('answers bad calls with Telegram-style errors, never a 500', async () => {
      const { client } = suite;
      const alice = await person(client);
      const bot = await newBot(client, alice);
      const call = (method: string, params: Record<string, unknown>) =>
        api(client, bot.token, method, params);
      expect((await call('noSuchMethod', {})).body).toEqual({
        ok: false,
        error_code: 404,
        description: 'Not Found',
      });
      expect((await call('sendMessage', { chat_id: 999999, text: 'hi' })).body.description).toBe(
        'Bad Request: chat not found',
      );
      expect((await call('sendMessage', { chat_id: 'abc', text: 'hi' })).status).toBe(400);
      expect((await call('sendMessage', { chat_id: 1 })).status).toBe(400);
      expect((await call('getUpdates', { limit: 1000 })).status).toBe(400);
      expect(
        (await call('sendMessage', { chat_id: 1, text: 'x', reply_markup: '{bad json' })).status,
      ).toBe(400);
      expect(
        (await call('answerCallbackQuery', { callback_query_id: 'nope' })).body.description,
      ).toContain('query is too old');
      expect((await call('setWebhook', { url: 'http://10.0.0.1/hook' })).status).toBe(400);
      expect((await call('setWebhook', { url: 'https://127.0.0.1/hook' })).status).toBe(400);
      const broken = await api(
        client,
        bot.token,
        'sendMessage',
        {},
        { body: '{"chat_id":', type: 'application/json' },
      );
      expect(broken.status).toBe(400);
      expect(broken.body.ok).toBe(false);
      const wrongType = await api(
        client,
        bot.token,
        'getMe',
        {},
        { body: 'x', type: 'text/plain' },
      );
      expect(wrongType.status).toBeLessThan(500);
      // A chat the bot is not in: Alice's own Saved Messages.
      const list = await client.get<{ conversations: { id: number; type: string }[] }>(
        '/user/conversations',
        { token: alice.token },
      );
      const saved = list.body.conversations.find((c) => c.type === 'saved');
      expect((await call('sendMessage', { chat_id: saved?.id, text: 'hi' })).body.description).toBe(
        'Bad Request: chat not found',
      );
    });

    it('takes form-encoded and query-string parameters', async () => {
      const { client } = suite;
      const alice = await person(client);
      const bot = await newBot(client, alice);
      const form = await api(
        client,
        bot.token,
        'setMyCommands',
        {},
        {
          body: new URLSearchParams({
            commands: JSON.stringify([{ command: 'start', description: 'Start' }]),
          }).toString(),
          type: 'application/x-www-form-urlencoded',
        },
      );
      expect(form.body).toEqual({ ok: true, result: true });
      const res = await fetch(`${client.baseUrl}/bot${bot.token}/getMyCommands?x=1`);
      expect(await res.json()).toEqual({
        ok: true,
        result: [{ command: 'start', description: 'Start' }],
      });
    });
  });
}
