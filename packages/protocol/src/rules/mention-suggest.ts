import { isMentionable } from './mentions';
import { foldText } from './search-text';

// The composer's `@` autocomplete, the pure part: which fragment before the
// caret is being typed as a mention, which members it suggests and in what
// order, and the text once one is picked. Only members the mention rule
// (./mentions.ts) can name are offered, so every pick becomes a real mention.

/** At most this many members are suggested at once. */
export const MENTION_SUGGESTIONS_MAX = 8;

/** Letters (any script), digits and combining marks: what a fragment is made of. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/** A mention starts a word: at the start of the text, after a space or an opening bracket. */
const BEFORE_MENTION = /[\s([{«"'“]/u;

/** The `@…` being typed: `start` is the index of the `@`, `end` the end of its word. */
export type MentionFragment = { start: number; end: number; query: string };

/** The fragment the caret is in or just after, or null when the caret is not in one. */
export function mentionFragment(text: string, caret: number): MentionFragment | null {
  let at = caret;
  while (at > 0 && WORD_CHAR.test(text[at - 1] ?? '')) at -= 1;
  const start = at - 1;
  if (start < 0 || text[start] !== '@') return null;
  if (start > 0 && !BEFORE_MENTION.test(text[start - 1] ?? '')) return null;
  // The rest of the word after the caret is replaced too ("@an|na" → one name).
  let end = caret;
  while (end < text.length && WORD_CHAR.test(text[end] ?? '')) end += 1;
  return { start, end, query: text.slice(start + 1, caret) };
}

export type MentionCandidate = {
  id: number;
  name: string;
  username: string;
  avatar?: string | null;
  /** For the pickers' badges; not used in matching. */
  is_bot?: boolean | undefined;
  is_official?: boolean | undefined;
};

export type SuggestOptions = {
  /** The user's own id: never suggested. */
  selfId: number | null;
  /** Who spoke last first: they come first within each kind of match. */
  recentIds?: readonly number[];
  max?: number;
};

/** 0: the username or a word of the name starts with the query; 1: contains it; null: no match. */
function matchTier(candidate: MentionCandidate, query: string): 0 | 1 | null {
  const username = foldText(candidate.username);
  const name = foldText(candidate.name);
  const words = name.split(/[^\p{L}\p{N}\p{M}]+/u);
  if (username.startsWith(query) || words.some((w) => w.startsWith(query))) return 0;
  if (username.includes(query) || name.includes(query)) return 1;
  return null;
}

/**
 * The members to offer for a query, case- and diacritics-insensitive on
 * username and name: prefix matches before substring ones, recent speakers
 * first within each, then by name; yourself and the unmentionable left out.
 */
export function suggestMentions(
  candidates: readonly MentionCandidate[],
  query: string,
  { selfId, recentIds = [], max = MENTION_SUGGESTIONS_MAX }: SuggestOptions,
): MentionCandidate[] {
  const folded = foldText(query);
  const recency = (id: number) => {
    const i = recentIds.indexOf(id);
    return i === -1 ? recentIds.length : i;
  };
  return candidates
    .filter((c) => c.id !== selfId && isMentionable(c.username))
    .map((c) => ({ c, tier: matchTier(c, folded) }))
    .filter((x): x is { c: MentionCandidate; tier: 0 | 1 } => x.tier !== null)
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        recency(a.c.id) - recency(b.c.id) ||
        a.c.name.localeCompare(b.c.name) ||
        a.c.id - b.c.id,
    )
    .slice(0, max)
    .map((x) => x.c);
}

/**
 * The text with the fragment replaced by `@username ` and where the caret
 * goes: after the space (one already there is used rather than doubled).
 */
export function insertMention(
  text: string,
  fragment: MentionFragment,
  username: string,
): { text: string; caret: number } {
  const before = text.slice(0, fragment.start);
  const after = text.slice(fragment.end);
  const mention = `@${username}`;
  const space = /^\s/.test(after) ? '' : ' ';
  return {
    text: `${before}${mention}${space}${after}`,
    caret: before.length + mention.length + 1,
  };
}

/** The distinct authors of messages, newest first: the "recent speakers" of suggestMentions. */
export function recentSpeakers(
  messages: readonly { user_id: number | null }[],
  limit = 50,
): number[] {
  const ids: number[] = [];
  for (let i = messages.length - 1; i >= 0 && ids.length < limit; i -= 1) {
    const id = messages[i]?.user_id;
    if (id != null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
