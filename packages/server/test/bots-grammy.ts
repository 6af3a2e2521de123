import { Bot, InlineKeyboard, Keyboard } from 'grammy';
import type { Conversation } from '@parley/protocol/conversation';
import type { HistoryReply } from '@parley/protocol/message';
import type { Client } from './harness';
import type { Person } from './messaging';
import type { Store } from '../src/store/db';

// The echo bot the grammY suites drive, written as any Telegram bot is: a
// reply keyboard on /start, an inline keyboard with a callback on /menu,
// an echo of everything else. Only its API root points at the test server.

export function echoBot(token: string, apiRoot: string): Bot {
  const bot = new Bot(token, { client: { apiRoot } });
  bot.command('start', (ctx) =>
    ctx.reply('Welcome', {
      reply_markup: new Keyboard().text('Echo me').text('Menu').resized().oneTime(),
    }),
  );
  bot.command('menu', (ctx) =>
    ctx.reply('Pick one', {
      reply_markup: new InlineKeyboard().text('A', 'pick-a').url('Site', 'https://example.org'),
    }),
  );
  bot.callbackQuery('pick-a', async (ctx) => {
    await ctx.answerCallbackQuery({ text: 'You picked A', show_alert: true });
    await ctx.editMessageText('Picked A');
  });
  bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
  bot.catch(() => undefined);
  return bot;
}

/** Polls `check` until it gives a value (bounded: fails after `ms`). */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('eventually: timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a person sees of the echo bot: start, keyboard, echo, inline button and its answer. */
export async function exerciseEchoBot(client: Client, store: Store, alice: Person, botId: number) {
  const open = await client.post<Conversation>(
    '/user/conversations/direct',
    { user_id: botId },
    { token: alice.token },
  );
  const chat = open.body;
  const say = (message: string) =>
    client.post(
      '/user/messages',
      { conversation_id: chat.id, uuid: crypto.randomUUID(), message },
      { token: alice.token },
    );
  const history = async () =>
    (
      await client.get<HistoryReply>(`/user/conversations/${chat.id}/messages`, {
        token: alice.token,
      })
    ).body.messages;
  const fromBot = (text: string) => async () =>
    (await history()).find((m) => m.user_id === botId && m.message === text);

  await say('/start');
  await eventually(fromBot('Welcome'));
  const pivot = await eventually(async () => {
    const c = await client.post<Conversation>(
      '/user/conversation',
      { conversation_id: chat.id },
      { token: alice.token },
    );
    return c.body.pivot.keyboard ? c.body : undefined;
  });

  await say('Echo me');
  await eventually(fromBot('echo: Echo me'));

  await say('/menu');
  const menu = await eventually(fromBot('Pick one'));
  const press = await client.post<{ query_id: string }>(
    `/user/messages/${menu.id}/callback`,
    { data: 'pick-a' },
    { token: alice.token },
  );
  const answer = await eventually(async () => {
    const row = await store.db
      .selectFrom('user_events')
      .select('payload')
      .where('user_id', '=', alice.id)
      .where('type', '=', 'bot.callback_answer')
      .executeTakeFirst();
    return row ? (JSON.parse(row.payload) as Record<string, unknown>) : undefined;
  });
  const edited = await eventually(fromBot('Picked A'));
  return { chat, pivot, menu, press, answer, edited };
}
