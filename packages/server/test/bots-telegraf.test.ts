import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Markup, Telegraf } from 'telegraf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { HistoryReply } from '@parley/protocol/message';
import { newBot } from './bots';
import { eventually } from './bots-grammy';
import { person, send } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { SuiteServer } from './suite';
import type { Person } from './messaging';

// A real bot written with Telegraf 4 (npm), its API root pointed at the test
// server. Over a webhook Telegraf's default webhookReply:true answers
// answerCallbackQuery, deleteMessage and sendChatAction in the webhook's
// reply body instead of calling the API: those must take effect all the same.

function menuBot(token: string, apiRoot: string): Telegraf {
  const bot = new Telegraf(token, { telegram: { apiRoot } });
  bot.command('menu', (ctx) =>
    ctx.reply('Pick one', Markup.inlineKeyboard([Markup.button.callback('A', 'pick-a')])),
  );
  bot.action('pick-a', (ctx) => ctx.answerCbQuery('You picked A'));
  bot.command('typing', (ctx) => ctx.sendChatAction('typing'));
  bot.command('oops', async (ctx) => {
    const sent = await ctx.reply('a mistake');
    await ctx.deleteMessage(sent.message_id);
  });
  bot.on('text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
  bot.catch(() => undefined);
  return bot;
}

/** A person's chat with the bot, and what they see of it. */
async function chatWith(suite: SuiteServer, alice: Person, botId: number) {
  const { client } = suite;
  const open = await client.post<Conversation>(
    '/user/conversations/direct',
    { user_id: botId },
    { token: alice.token },
  );
  const chat = open.body;
  const history = async () =>
    (
      await client.get<HistoryReply>(`/user/conversations/${chat.id}/messages`, {
        token: alice.token,
      })
    ).body.messages;
  const fromBot = (text: string) => async () =>
    (await history()).find((m) => m.user_id === botId && m.message === text);
  return { chat, history, fromBot, say: (text: string) => send(client, alice, chat.id, text) };
}

async function pressAndAnswer(suite: SuiteServer, alice: Person, messageId: number) {
  const press = await suite.client.post(
    `/user/messages/${messageId}/callback`,
    { data: 'pick-a' },
    { token: alice.token },
  );
  expect(press.status).toBe(200);
  return eventually(async () => {
    const row = await suite.ts.store.db
      .selectFrom('user_events')
      .select('payload')
      .where('user_id', '=', alice.id)
      .where('type', '=', 'bot.callback_answer')
      .executeTakeFirst();
    return row ? (JSON.parse(row.payload) as Record<string, unknown>) : undefined;
  });
}

for (const backend of stores()) {
  describe(`a Telegraf bot over long polling (${backend.name})`, () => {
    const suite = useSuiteServer(backend);

    it('echoes and answers an inline button', async () => {
      const alice = await person(suite.client);
      const made = await newBot(suite.client, alice, 'tfpoll');
      const bot = menuBot(made.token, suite.server.url);
      // Its first calls drop pending updates: the chat starts once it polls.
      await new Promise<void>((started) => void bot.launch({ dropPendingUpdates: true }, started));
      try {
        const { say, fromBot } = await chatWith(suite, alice, made.id);
        await say('hello');
        await eventually(fromBot('echo: hello'));
        await say('/menu');
        const menu = await eventually(fromBot('Pick one'));
        expect(await pressAndAnswer(suite, alice, menu.id)).toMatchObject({ text: 'You picked A' });
      } finally {
        bot.stop();
      }
    }, 30_000);
  });

  describe(`a Telegraf bot over a webhook with webhookReply (${backend.name})`, () => {
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

    it('runs answerCallbackQuery, deleteMessage and sendChatAction from the webhook reply', async () => {
      const alice = await person(suite.client);
      const made = await newBot(suite.client, alice, 'tfhook');
      const bot = menuBot(made.token, suite.server.url);
      expect(bot.telegram.webhookReply).toBe(true);
      const callback = bot.webhookCallback('/hook');
      hook.on('request', (req, res) => void callback(req, res));
      await bot.telegram.setWebhook(`http://127.0.0.1:${allowed.port}/hook`);
      const { chat, say, fromBot } = await chatWith(suite, alice, made.id);

      await say('/menu');
      const menu = await eventually(fromBot('Pick one'));
      expect(await pressAndAnswer(suite, alice, menu.id)).toMatchObject({
        text: 'You picked A',
        message_id: menu.id,
      });

      const reader = await TestSocket.open(suite.server.url);
      await reader.ready(alice.token);
      await say('/typing');
      const typing = await reader.next((f) => f.op === 'typing');
      expect(typing).toMatchObject({ conversation_id: chat.id, user_id: made.id, state: 'start' });
      reader.close();

      // The bot sends "a mistake" through the API, then deletes it in its webhook reply.
      await say('/oops');
      const removed = await eventually(async () => {
        const row = await suite.ts.store.db
          .selectFrom('messages')
          .select(['id', 'deleted_at'])
          .where('conversation_id', '=', chat.id)
          .where('user_id', '=', made.id)
          .where('deleted_at', 'is not', null)
          .executeTakeFirst();
        return row;
      });
      expect(removed.deleted_at).not.toBeNull();
      await bot.telegram.deleteWebhook();
    }, 30_000);
  });
}
