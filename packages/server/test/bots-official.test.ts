import { describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { HistoryReply } from '@parley/protocol/message';
import { LOCALES } from '@parley/protocol/locales';
import { helpText, officialTexts } from '../src/features/bots/official-bot-texts';
import { api, newBot } from './bots';
import { eventually } from './bots-grammy';
import { direct, person, send, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// @ParleyBot answers in the language the person's app shows (reported with
// POST /user/bots/language), English until it is known, and never breaks a
// sentence across lines.

/** A line that ends inside a sentence: no full stop, colon, question or exclamation mark. */
const brokenSentence = (line: string) => line !== '' && !/[.:!?։․]$|^\/\w+ - /.test(line);

describe('the official bot texts', () => {
  it('has every text in every locale, with no line break inside a sentence', () => {
    const english = officialTexts('en');
    for (const { code } of LOCALES) {
      const t = officialTexts(code);
      expect(Object.keys(t.commands)).toEqual(Object.keys(english.commands));
      const lines = helpText(t).split('\n');
      expect(lines.filter(brokenSentence)).toEqual([]);
      if (code !== 'en') expect(t.intro).not.toBe(english.intro);
    }
    expect(officialTexts(null)).toBe(english);
    expect(officialTexts('xx')).toBe(english);
  });
});

describe.each(stores())('@ParleyBot in the person’s language ($name)', (backend) => {
  const suite = useSuiteServer(backend);

  async function botChat(someone: Person) {
    const chat = await suite.client.post<Conversation>(
      '/user/conversations/direct',
      { username: 'ParleyBot' },
      { token: someone.token },
    );
    const replyWith = (text: string) =>
      eventually(async () => {
        const h = await suite.client.get<HistoryReply>(
          `/user/conversations/${chat.body.id}/messages`,
          { token: someone.token },
        );
        return h.body.messages.find((m) => m.user_id !== someone.id && m.message === text);
      });
    return { say: (text: string) => sent(suite.client, someone, chat.body.id, text), replyWith };
  }

  it('answers in English until told, then in ru, fr and am', async () => {
    const { client } = suite;
    const someone = await person(client);
    const { say, replyWith } = await botChat(someone);
    await say('/help');
    await replyWith(helpText(officialTexts('en')));
    for (const locale of ['ru', 'fr', 'am'] as const) {
      const told = await client.post('/user/bots/language', { locale }, { token: someone.token });
      expect(told.status).toBe(200);
      const t = officialTexts(locale);
      await say('/help');
      await replyWith(helpText(t));
      await say('/mybots');
      await replyWith(t.noBots);
    }
  });

  it("lists its commands for the / menu in the reader's language", async () => {
    const someone = await person(suite.client);
    const chat = await suite.client.post<Conversation>(
      '/user/conversations/direct',
      { username: 'ParleyBot' },
      { token: someone.token },
    );
    for (const locale of ['en', 'ru', 'fr', 'am'] as const) {
      const res = await suite.client.get<{ commands: { command: string; description: string }[] }>(
        `/user/conversations/${chat.body.id}/bot-commands`,
        { token: someone.token, headers: { 'accept-language': locale } },
      );
      const newbot = res.body.commands.find((c) => c.command === 'newbot');
      expect(newbot?.description).toBe(officialTexts(locale).commands.newbot);
    }
  });

  it("gives every bot the person's language as from.language_code, as Telegram does", async () => {
    const { client } = suite;
    const someone = await person(client);
    const bot = await newBot(client, someone, 'lang');
    const chat = await direct(client, someone, { ...someone, id: bot.id });
    await send(client, someone, chat.id, 'before');
    await client.post('/user/bots/language', { locale: 'fr' }, { token: someone.token });
    await send(client, someone, chat.id, 'after');
    const updates = await api(client, bot.token, 'getUpdates', {});
    const froms = (updates.body.result as { message: { text: string; from: object } }[]).map(
      (u) => [u.message.text, u.message.from],
    );
    expect(froms).toEqual([
      ['before', expect.not.objectContaining({ language_code: expect.anything() })],
      ['after', expect.objectContaining({ id: someone.id, language_code: 'fr' })],
    ]);
  });

  it('refuses a language the app does not have', async () => {
    const someone = await person(suite.client);
    const res = await suite.client.post(
      '/user/bots/language',
      { locale: 'de' },
      { token: someone.token },
    );
    expect(res.status).toBe(422);
  });
});
