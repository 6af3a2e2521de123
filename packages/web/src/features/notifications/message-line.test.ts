import { afterAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { PUSH_TEXTS } from '@parley/protocol/push';
import { changeLocale } from '../../lib/i18n';
import am from '../../locales/am.json';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import ru from '../../locales/ru.json';
import { sampleConversation, sampleMessage, sampleUser } from '../../test/http-fixtures';
import { lastMessagePreview } from '../conversations/list-item';
import { notificationContent } from './content';

// The tab's notification says what the chat list says of the same message
// (protocol rules/message-line.ts, which the server's push uses too), and
// the push's texts are the catalogues' words, so a push never says what the
// app would not.

const t = i18next.t.bind(i18next);
const now = Date.parse('2026-03-01T10:01:00.000Z');
const direct = sampleConversation({
  id: 5,
  type: 'direct',
  is_group: false,
  name: null,
  friend: { id: 7, name: 'Ada' } as never, // the fields the line reads
});

/** The notification's body, checked to be the list preview of the same message. */
function bodyOf(over: Parameters<typeof sampleMessage>[2]): string | undefined {
  const message = sampleMessage(40, 'u-40', over);
  const content = notificationContent({
    user: { ...sampleUser, id: 99 }, // Ada (7) writes to someone else
    conversation: direct,
    message,
    onScreen: false,
    now,
    t,
    timeZone: 'UTC',
  });
  const preview = lastMessagePreview(
    { ...direct, current_user: { last_message: message } },
    t,
    99,
    'UTC',
  );
  expect(content?.options.body).toBe(preview);
  return content?.options.body;
}

describe('the line of a message', () => {
  afterAll(async () => {
    await changeLocale('en');
  });

  it('is the same in the list and the tab notification: photo, file, sign-in', () => {
    expect(bodyOf({ type: 'image', message: 'look at this' })).toBe('Photo: look at this');
    expect(bodyOf({ type: 'file', message: '' })).toBe('File');
    const notice = JSON.stringify({
      device: 'Firefox on Linux',
      ip: null,
      at: '2026-03-01T10:00:00Z',
    });
    expect(bodyOf({ type: 'sign_in', message: notice, user_id: null, sender: null })).toBe(
      'New sign-in: Firefox on Linux, —, 01/03/2026, 10:00',
    );
  });

  it('names the writer of a group message with the language’s spacing (French: "Ada : salut")', async () => {
    const group = sampleConversation({ id: 6, name: 'Choir' });
    const message = sampleMessage(41, 'u-41', {
      conversation_id: 6,
      message: 'salut',
      sender: { id: 7, name: 'Ada' } as never,
      user_id: 7,
    });
    const line = () =>
      notificationContent({
        user: { ...sampleUser, id: 99 },
        conversation: group,
        message,
        onScreen: false,
        now,
        t,
        timeZone: 'UTC',
      })?.options.body;
    await changeLocale('fr');
    expect(line()).toBe('Ada\u00a0: salut');
    expect(
      lastMessagePreview({ ...group, current_user: { last_message: message } }, t, 99, 'UTC'),
    ).toBe('Ada\u00a0: salut');
    await changeLocale('en');
    expect(line()).toBe('Ada: salut');
  });

  it("gives the server's push texts in the catalogues' words, in all four locales", () => {
    // The French no-break space is the catalogue's typography, not its words.
    const words = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');
    const catalogues: Record<keyof typeof PUSH_TEXTS, Record<string, string>> = { en, fr, ru, am };
    for (const [code, catalogue] of Object.entries(catalogues)) {
      const push = PUSH_TEXTS[code as keyof typeof PUSH_TEXTS];
      const pairs: Array<[string, string]> = [
        [push.appName, 'notifications.appName'],
        [push.newMessage, 'notifications.newMessage'],
        [push.photo, 'files.photo'],
        [push.file, 'files.file'],
        [push.withCaption, 'files.withCaption'],
        [push.signIn, 'messages.signIn'],
        [push.signInUnknown, 'messages.signInUnknown'],
        [push.deviceOn, 'device.on'],
        [push.deviceUnknown, 'device.unknown'],
      ];
      for (const [text, key] of pairs)
        expect(words(text), `${code} ${key}`).toBe(words(catalogue[key]));
    }
  });
});
