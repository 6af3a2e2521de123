// Full-text search, the parts both sides need: how a query becomes terms and
// how a found message's text becomes a snippet with its matches marked.
//
// Words are runs of letters, digits and combining marks, as SQLite's
// unicode61 tokenizer cuts them; "matching" is a word that starts with a
// term, compared after `foldText`. The databases decide which messages match
// (FTS5, PostgreSQL tsvector); these rules only say where in the text.

/** At most this many terms of a query are searched for; the rest are ignored. */
export const SEARCH_TERMS_MAX = 8;
/** A snippet keeps about this many characters of a long message. */
export const SNIPPET_MAX = 160;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * Lower case, with the diacritics of Latin letters removed (é → e, Ç → c),
 * as FTS5's `remove_diacritics 2` does; other scripts keep theirs (й stays й).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/([A-Za-z])[\u0300-\u036f]+/g, '$1')
    .normalize('NFC')
    .toLowerCase();
}

/**
 * The distinct folded words of a query, in order, at most SEARCH_TERMS_MAX.
 * Operators and quotes of either search syntax are punctuation here, so a
 * query can never be more than "all of these words".
 */
export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  for (const [word] of query.matchAll(WORD)) {
    const term = foldText(word);
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === SEARCH_TERMS_MAX) break;
  }
  return terms;
}

/** [start, end) in UTF-16 code units (JavaScript string indices), ascending, not overlapping. */
export type Range = [number, number];

/** Where the words of `text` that start with one of `terms` are. */
export function matchRanges(text: string, terms: string[]): Range[] {
  if (terms.length === 0) return [];
  const ranges: Range[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = foldText(match[0]);
    if (terms.some((t) => word.startsWith(t))) {
      ranges.push([match.index, match.index + match[0].length]);
    }
  }
  return ranges;
}

export interface Snippet {
  text: string;
  highlights: Range[];
}

/** Moves `at` back to the start of a UTF-16 surrogate pair it would split. */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return at > 0 && code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/**
 * The part of `text` around its first match (the start when nothing
 * matches), at most about `max` characters, with "…" where it was cut, and
 * the matches inside it as ranges over the snippet's own text.
 */
export function snippetOf(text: string, terms: string[], max = SNIPPET_MAX): Snippet {
  const flat = text.replace(/\s+/g, ' ').trim();
  const all = matchRanges(flat, terms);
  if (flat.length <= max) return { text: flat, highlights: all };
  const first = all[0]?.[0] ?? 0;
  // A little context before the first match; the rest of the room after it.
  const from = Math.max(0, Math.min(first - 30, flat.length - max));
  let start = safeCut(flat, from);
  // Start at a word boundary when one is near.
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < first && space - start < 15) start = space + 1;
  }
  // From the uncut start: stepping back over a surrogate must not cost the end a character.
  const end = safeCut(flat, Math.min(flat.length, Math.max(start, from) + max));
  const prefix = start > 0 ? '…' : '';
  const suffix = end < flat.length ? '…' : '';
  const shift = prefix.length - start;
  const highlights = all
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): Range => [s + shift, e + shift]);
  return { text: `${prefix}${flat.slice(start, end)}${suffix}`, highlights };
}
