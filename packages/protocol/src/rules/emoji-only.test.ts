import { describe, expect, it } from 'vitest';
import { emojiOnlyCount, isEmojiGrapheme, isSingleEmoji } from './emoji-only';

describe('isSingleEmoji (a reaction)', () => {
  it.each(['👍', '❤️', '😂', '🇺🇦', '👍🏽', '👨‍👩‍👧', '1️⃣', '🏳️‍🌈', '🔥'])('takes %s', (e) => {
    expect(isSingleEmoji(e)).toBe(true);
  });

  it.each(['', 'a', '1', '#', ' 👍', '👍 ', '👍👍', '👍a', 'ok', '<b>', '\u200D', '🇺'])(
    'refuses %j',
    (e) => {
      expect(isSingleEmoji(e)).toBe(false);
    },
  );

  it('refuses an over-long string of joiners', () => {
    expect(isSingleEmoji('👨' + '\u200D👨'.repeat(30))).toBe(false);
  });
});

describe('emojiOnlyCount (shown large)', () => {
  it('counts 1 to 3 emoji with nothing else', () => {
    expect(emojiOnlyCount('👍')).toBe(1);
    expect(emojiOnlyCount('😂😂')).toBe(2);
    expect(emojiOnlyCount(' 🔥 ❤️ 🇺🇦 ')).toBe(3);
    expect(emojiOnlyCount('👨‍👩‍👧👍🏽')).toBe(2);
  });

  it('is 0 for text, more than three, digits or nothing', () => {
    expect(emojiOnlyCount('hi 👍')).toBe(0);
    expect(emojiOnlyCount('👍👍👍👍')).toBe(0);
    expect(emojiOnlyCount('123')).toBe(0);
    expect(emojiOnlyCount('')).toBe(0);
    expect(emojiOnlyCount('   ')).toBe(0);
    expect(emojiOnlyCount(':)')).toBe(0);
  });

  it('reads one grapheme at a time', () => {
    expect(isEmojiGrapheme('😮')).toBe(true);
    expect(isEmojiGrapheme('x')).toBe(false);
  });
});
