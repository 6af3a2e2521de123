import { describe, expect, it } from 'vitest';
import { agoText } from './ago-text';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const before = (ms: number) => new Date(now - ms).toISOString();

describe('agoText', () => {
  it('counts minutes, hours and days in the reader’s language', () => {
    expect(agoText('en', before(10_000), now)).toBe('now');
    expect(agoText('en', before(5 * 60_000), now)).toBe('5 minutes ago');
    expect(agoText('en', before(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(agoText('en', before(26 * 3_600_000), now)).toBe('yesterday');
    expect(agoText('ru', before(5 * 60_000), now)).toBe('5 минут назад');
    expect(agoText('ru', before(2 * 60_000), now)).toBe('2 минуты назад');
    expect(agoText('fr', before(5 * 60_000), now)).toBe('il y a 5 minutes');
    // The product's `am` is Armenian (Intl's `hy`), not Amharic.
    expect(agoText('am', before(5 * 60_000), now)).toBe('5 րոպե առաջ');
  });

  it('never says "in …" for a clock a little behind the server', () => {
    expect(agoText('en', new Date(now + 5_000).toISOString(), now)).toBe('now');
  });
});
