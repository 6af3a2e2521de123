import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@parley/protocol/constants';
import type { Conversation } from '@parley/protocol/conversation';
import { api, newBot } from './bots';
import type { TestBot } from './bots';
import { direct, person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Refusals in Telegram's exact words (docs/BOTS.md): frameworks and bots
// match on these texts, "message is not modified" above all.

const NOT_MODIFIED =
  'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

describe.each(stores())('Bot API error texts ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let bot: TestBot;
  let chat: Conversation;
  const call = (method: string, params: Record<string, unknown>) =>
    api(suite.client, bot.token, method, params);
  beforeAll(async () => {
    const owner = await person(suite.client);
    bot = await newBot(suite.client, owner, 'texts');
    chat = await direct(suite.client, owner, { ...owner, id: bot.id });
  });

  it('words empty and too long texts, and an @username chat, as Telegram', async () => {
    const empty = await call('sendMessage', { chat_id: chat.id, text: '  ' });
    expect(empty.body).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: message text is empty',
    });
    const missing = await call('sendMessage', { chat_id: chat.id });
    expect(missing.body.description).toBe('Bad Request: message text is empty');
    const long = await call('sendMessage', {
      chat_id: chat.id,
      text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1),
    });
    expect(long.body.description).toBe('Bad Request: message is too long');
    const named = await call('sendMessage', { chat_id: '@somechannel', text: 'hi' });
    expect(named.status).toBe(400);
    expect(named.body.description).toBe('Bad Request: chat not found');
  });

  it('refuses an edit that changes nothing, also when the same keyboard is sent again', async () => {
    const keyboard = { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] };
    const sent = await call('sendMessage', {
      chat_id: chat.id,
      text: 'menu',
      reply_markup: keyboard,
    });
    const messageId = (sent.body.result as { message_id: number }).message_id;
    const target = { chat_id: chat.id, message_id: messageId };
    const again = await call('editMessageText', {
      ...target,
      text: 'menu',
      reply_markup: keyboard,
    });
    expect(again.body).toEqual({ ok: false, error_code: 400, description: NOT_MODIFIED });
    const plain = await call('editMessageText', { ...target, text: 'menu' });
    expect(plain.body.description).toBe(NOT_MODIFIED);
    const markup = await call('editMessageReplyMarkup', { ...target, reply_markup: keyboard });
    expect(markup.body.description).toBe(NOT_MODIFIED);
    const changed = await call('editMessageText', {
      ...target,
      text: 'menu',
      reply_markup: { inline_keyboard: [[{ text: 'B', callback_data: 'b' }]] },
    });
    expect(changed.status).toBe(200);
  });
});
