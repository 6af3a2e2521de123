// Emoji as the messenger reads them: one user-perceived character (a
// grapheme cluster, split by Intl.Segmenter, so a family 👨‍👩‍👧, a flag 🇺🇦 or
// a skin tone 👍🏽 counts once) that is an emoji. Reactions take exactly one;
// a message of 1..EMOJI_ONLY_MAX of them and nothing else is shown large.

/** Up to this many emoji with no other text: shown large, without a bubble. */
export const EMOJI_ONLY_MAX = 3;

/** The longest reaction accepted, in UTF-16 units (the longest ZWJ sequences are ~35). */
export const EMOJI_MAX_LENGTH = 48;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

// A grapheme is an emoji when it starts with a pictograph, is a flag (two
// regional indicators), or a keycap (digit, # or *, then U+20E3). A bare
// digit or '#' is \p{Emoji} too, which is why that property is not used.
const EMOJI_GRAPHEME =
  /^(?:\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F\u200D\p{Extended_Pictographic}\p{Emoji_Component}]*|\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3)$/u;

/** Is this one grapheme an emoji? */
export function isEmojiGrapheme(grapheme: string): boolean {
  return EMOJI_GRAPHEME.test(grapheme);
}

/** The text's grapheme clusters, whitespace left out. */
function graphemes(text: string): string[] {
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    if (segment.trim() !== '') out.push(segment);
  }
  return out;
}

/** Exactly one emoji and nothing else (a reaction). */
export function isSingleEmoji(text: string): boolean {
  if (text.length === 0 || text.length > EMOJI_MAX_LENGTH || text.trim() !== text) return false;
  const parts = graphemes(text);
  return parts.length === 1 && isEmojiGrapheme(parts[0] ?? '');
}

/**
 * How many emoji a message is made of when it is nothing but 1..EMOJI_ONLY_MAX
 * emoji (whitespace between them allowed), else 0: the web shows those large.
 */
export function emojiOnlyCount(text: string): number {
  if (text.length === 0 || text.length > EMOJI_MAX_LENGTH * EMOJI_ONLY_MAX) return 0;
  const parts = graphemes(text);
  if (parts.length === 0 || parts.length > EMOJI_ONLY_MAX) return 0;
  return parts.every(isEmojiGrapheme) ? parts.length : 0;
}
