import { describe, expect, it } from 'vitest';
import { PUSH_TEXTS } from '../push';
import {
  deviceLine,
  fillIn,
  messageLine,
  oneLine,
  signInLine,
  withFileLabel,
} from './message-line';
import type { MessageLineTexts } from './message-line';

const en: MessageLineTexts = {
  photo: 'Photo',
  file: 'File',
  withCaption: (parts) => fillIn('{{label}}: {{caption}}', parts),
  signIn: (parts) => fillIn('New sign-in: {{device}}, {{ip}}, {{date}}', parts),
  signInUnknown: 'New sign-in to your account',
};
const asIs = { timeZone: 'UTC', plain: (text: string) => text };

describe('messageLine', () => {
  it('labels a photo and a file, with the caption after the label', () => {
    expect(messageLine({ type: 'image', message: 'look at this' }, en, asIs)).toBe(
      'Photo: look at this',
    );
    expect(messageLine({ type: 'image', message: '' }, en, asIs)).toBe('Photo');
    expect(messageLine({ type: 'file', message: '' }, en, asIs)).toBe('File');
    expect(messageLine({ type: 'file', message: 'the report' }, en, asIs)).toBe('File: the report');
    expect(messageLine({ type: 'text', message: 'hello' }, en, asIs)).toBe('hello');
    expect(withFileLabel(null, 'hello', en)).toBe('hello');
  });

  it('gives the caption through plain (markers stripped by the caller)', () => {
    const plain = (text: string) => text.replace(/\*\*/g, '');
    expect(messageLine({ type: 'image', message: '**look**' }, en, { timeZone: null, plain })).toBe(
      'Photo: look',
    );
  });

  it("renders a sign-in notice's sentence in the reader's zone, never its JSON", () => {
    const body = JSON.stringify({
      device: 'Firefox on Linux',
      ip: '203.0.113.9',
      at: '2026-03-01T10:05:00Z',
    });
    let plainCalled = false;
    const line = messageLine({ type: 'sign_in', message: body }, en, {
      timeZone: 'Asia/Yerevan',
      plain: (text) => ((plainCalled = true), text),
    });
    expect(line).toBe('New sign-in: Firefox on Linux, 203.0.113.9, 01/03/2026, 14:05');
    expect(plainCalled).toBe(false);
    expect(
      signInLine(JSON.stringify({ device: 'X', ip: null, at: '2026-03-01T10:05:00Z' }), en, 'UTC'),
    ).toBe('New sign-in: X, —, 01/03/2026, 10:05');
    expect(signInLine('{oops', en, null)).toBe('New sign-in to your account');
    expect(signInLine('{"device":1}', en, null)).toBe('New sign-in to your account');
  });

  it("fills a push text's placeholders, and leaves unknown ones", () => {
    expect(fillIn(PUSH_TEXTS.fr.signIn, { device: 'D', ip: 'I', date: 'T' })).toBe(
      'Nouvelle connexion\u00a0: D, I, T',
    );
    expect(fillIn('{{a}} {{b}}', { a: '1' })).toBe('1 {{b}}');
  });

  it("writes a sign-in's device in the reader's words, from its parts or its English label", () => {
    const fr = PUSH_TEXTS.fr;
    const texts = {
      deviceOn: (parts: { browser: string; os: string }) => fillIn(fr.deviceOn, parts),
      deviceUnknown: fr.deviceUnknown,
    };
    expect(
      deviceLine({ device: 'Chrome on Android', browser: 'Chrome', os: 'Android' }, texts),
    ).toBe('Chrome sur Android');
    expect(deviceLine({ device: 'Firefox on Linux' }, texts)).toBe('Firefox sur Linux');
    expect(deviceLine({ device: 'x', browser: null, os: 'iOS' }, texts)).toBe('iOS');
    expect(deviceLine({ device: 'Unknown device' }, texts)).toBe('Appareil inconnu');
    const body = JSON.stringify({
      device: 'Chrome on Android',
      ip: null,
      at: '2026-03-01T10:05:00Z',
    });
    const line = signInLine(body, { ...en, device: (notice) => deviceLine(notice, texts) }, 'UTC');
    expect(line).toBe('New sign-in: Chrome sur Android, —, 01/03/2026, 10:05');
  });

  it('writes a caption as the language does, and keeps its no-break space on one line', () => {
    const fr = {
      ...en,
      withCaption: (parts: { label: string; caption: string }) =>
        fillIn(PUSH_TEXTS.fr.withCaption, parts),
    };
    const line = messageLine(
      { type: 'image', message: 'vois\nça' },
      { ...fr, photo: 'Photo' },
      asIs,
    );
    expect(oneLine(line)).toBe('Photo\u00a0: vois ça');
    expect(oneLine(' a \t\n b ')).toBe(' a b ');
  });
});
