import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { changeLocale } from './i18n';
import { agoText } from './ago-text';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const before = (ms: number) => new Date(now - ms).toISOString();
const ago = (code: 'en' | 'ru' | 'fr' | 'am', ms: number) =>
  agoText(i18next.getFixedT(code), before(ms), now);

describe('agoText', () => {
  beforeAll(async () => {
    // The other catalogues load on demand; the test setup boots English.
    for (const code of ['ru', 'fr', 'am', 'en'] as const) await changeLocale(code);
  });

  it('counts minutes, hours and days in the reader’s language', () => {
    expect(ago('en', 10_000)).toBe('now');
    expect(ago('en', 60_000)).toBe('1 minute ago');
    expect(ago('en', 5 * 60_000)).toBe('5 minutes ago');
    expect(ago('en', 3 * 3_600_000)).toBe('3 hours ago');
    expect(ago('en', 26 * 3_600_000)).toBe('yesterday');
    expect(ago('en', 3 * 86_400_000)).toBe('3 days ago');
    expect(ago('ru', 5 * 60_000)).toBe('5 минут назад');
    expect(ago('ru', 2 * 60_000)).toBe('2 минуты назад');
    expect(ago('ru', 21 * 60_000)).toBe('21 минуту назад');
    expect(ago('fr', 5 * 60_000)).toBe('il y a 5 minutes');
    expect(ago('fr', 10_000)).toBe('maintenant');
    // The product's `am` is Armenian, from the catalogue: a browser's Intl
    // may have no Armenian at all (Debian's Chromium answered in English).
    expect(ago('am', 10_000)).toBe('հիմա');
    expect(ago('am', 5 * 60_000)).toBe('5 րոպե առաջ');
  });

  it('never says "in …" for a clock a little behind the server', () => {
    expect(agoText(i18next.getFixedT('en'), new Date(now + 5_000).toISOString(), now)).toBe('now');
  });
});
