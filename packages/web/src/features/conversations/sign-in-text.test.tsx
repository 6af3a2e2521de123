import { afterAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { changeLocale } from '../../lib/i18n';
import { MessageText } from '../messages/ui/MessageText';
import { messageText, refText } from './list-item';

// A System "sign_in" notice carries JSON; the client shows a sentence in the
// interface language, the date in the user's timezone (en-GB, 24-hour).

const t = i18next.t.bind(i18next);
const notice = {
  type: 'sign_in',
  message: JSON.stringify({
    device: 'Firefox on Linux',
    ip: '203.0.113.7',
    at: '2026-03-01T21:05:00.000Z',
  }),
};

describe('sign-in notice', () => {
  afterAll(async () => {
    await changeLocale('en');
  });

  it('renders a sentence in the user timezone, never the raw JSON', () => {
    const text = messageText(notice, true, t, 'Asia/Yerevan');
    expect(text).toBe('New sign-in: Firefox on Linux, 203.0.113.7, 02/03/2026, 01:05');
    render(<MessageText text={text} />);
    expect(screen.getByTestId('message-text')).not.toHaveTextContent('{');
  });

  it('is translated in every catalogue, the device too (brand names stay)', async () => {
    const seen = new Set<string>();
    const device = {
      en: 'Chrome on Android',
      ru: 'Chrome на Android',
      fr: 'Chrome sur Android',
      am: 'Chrome Android-ում',
    };
    const parts = {
      type: 'sign_in',
      message: JSON.stringify({
        device: 'Chrome on Android',
        browser: 'Chrome',
        os: 'Android',
        ip: '203.0.113.7',
        at: '2026-03-01T21:05:00.000Z',
      }),
    };
    for (const code of ['en', 'ru', 'am', 'fr'] as const) {
      await changeLocale(code);
      const text = messageText(parts, true, t, 'UTC');
      expect(text).toContain(`${device[code]}, 203.0.113.7, 01/03/2026, 21:05`);
      expect(text).not.toContain('{');
      // An older notice, with only the English label, reads the same way.
      expect(messageText(notice, true, t, 'UTC')).toContain(
        code === 'en' ? 'Firefox on Linux' : 'Firefox',
      );
      expect(messageText(notice, true, t, 'UTC').includes(' on ')).toBe(code === 'en');
      seen.add(text);
    }
    expect(seen.size).toBe(4);
    await changeLocale('en');
  });

  it('says an unknown device in the reader’s language', async () => {
    const unknown = {
      type: 'sign_in',
      message: JSON.stringify({
        device: 'Unknown device',
        browser: null,
        os: null,
        ip: null,
        at: '2026-03-01T21:05:00.000Z',
      }),
    };
    await changeLocale('ru');
    expect(messageText(unknown, true, t, 'UTC')).toContain('Неизвестное устройство, —');
    await changeLocale('en');
    expect(messageText(unknown, true, t, 'UTC')).toContain('Unknown device, —');
  });

  it('falls back to a plain sentence for a broken body, and leaves people’s text alone', () => {
    expect(messageText({ type: 'sign_in', message: '{oops' }, true, t)).toBe(
      'New sign-in to your account',
    );
    expect(messageText({ type: 'text', message: '{"a":1}' }, false, t)).toBe('{"a":1}');
    // A catalogue key typed by a person stays their text.
    expect(messageText({ type: 'text', message: 'messages.deleted' }, false, t)).toBe(
      'messages.deleted',
    );
  });

  it('renders a quoted or forwarded notice from its type, not its JSON', () => {
    const quoted = { id: 7, ...notice, sender: null, deleted: false };
    expect(refText(quoted, t, 'UTC')).toBe(
      'New sign-in: Firefox on Linux, 203.0.113.7, 01/03/2026, 21:05',
    );
    // A forward keeps the type while its sender is the person who forwarded it.
    expect(messageText(notice, false, t, 'UTC')).not.toContain('{');
    expect(refText({ ...quoted, message: null, type: null, deleted: true }, t)).toBe('');
  });
});
