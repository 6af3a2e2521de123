// The full-text index of message texts, one per dialect, and the names
// queries must use to reach it.
//
// SQLite: the FTS5 table `messages_fts` (external content: rowid = messages.id,
// the text is read from `messages`), kept in step by triggers. Migration 0008
// created it, 0010 rebuilt it with FTS_OPTIONS.
// PostgreSQL: the stored generated column `messages.search_document` with a
// GIN index (0008). Not an expression index (tried first): the planner often
// walks the newest messages and tests each, and recomputing the vector per
// row made a search for a missing word take seconds on 200,000 messages; a
// stored vector is tested in microseconds.

/** PostgreSQL: the tsvector column of `messages`. */
export const SEARCH_COLUMN = 'search_document';

/** The FTS5 table's name. */
export const FTS_TABLE = 'messages_fts';

/**
 * The tokenizer 0008 created the table with (0010's `down` puts it back):
 * unicode61 splits on Unicode punctuation and spaces and folds case in every
 * script.
 */
export const FTS_TOKENIZE = 'unicode61 remove_diacritics 2';

/** Prefix indexes for prefixes of 1 to this many characters. */
export const FTS_PREFIX_MAX = 10;

/**
 * The combining marks unicode61 takes for diacritics and `remove_diacritics`
 * folds to nothing (its sqlite3Fts5UnicodeIsdiacritic: most of
 * U+0300–U+0331). With marks as word characters (FTS_OPTIONS) such a mark
 * alone is an empty word, and a term of only these an empty prefix, which
 * would match every row; unicode61 allows no exception for them.
 */
const FOLDED_MARKS = new Set(
  [
    ...[0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x308, 0x309, 0x30a, 0x30b, 0x30c],
    ...[0x30f, 0x311, 0x31b, 0x323, 0x324, 0x325, 0x326, 0x327, 0x328, 0x32d, 0x32e, 0x330],
    0x331,
  ].map((code) => String.fromCodePoint(code)),
);

/** Whether FTS5 reads `term` as an empty word (see FOLDED_MARKS): it can match nothing. */
export function foldsToNothing(term: string): boolean {
  return [...term].every((char) => FOLDED_MARKS.has(char));
}

/**
 * The FTS5 table's options since migration 0010 (changing them takes a new
 * migration). A query is an AND of quoted prefix terms, one token each,
 * never a phrase or NEAR, and highlights are computed in TypeScript, so:
 * - `prefix`: FTS5 answers a prefix with no index of its exact length by
 *   merging the doclists of every word that starts with it, over the whole
 *   table, before the first row (5–60 ms a query at 1,000,000 messages);
 *   from a prefix index it reads the prefix like a word, newest first, and
 *   stops at the page. Longer terms still merge, but long words are rare.
 * - `detail=none`: no positions, only rowids, so the ten prefix indexes
 *   cost 1.7 times the old index, not 5 times.
 * - `categories` adds marks (M*) to unicode61's letters, digits and private
 *   use: a word is then a run of letters, digits and marks, as the
 *   protocol's `searchTerms` cuts it, so a term is always one token (but see
 *   FOLDED_MARKS). detail=none refuses a quoted string of two tokens (a
 *   phrase), which the default made of words with Indic vowel signs, Arabic
 *   or Hebrew points (test/search-index.test.ts checks every code point).
 */
export const FTS_OPTIONS = [
  `content='messages'`,
  `content_rowid='id'`,
  `detail=none`,
  `prefix='${Array.from({ length: FTS_PREFIX_MAX }, (_, i) => i + 1).join(' ')}'`,
  `tokenize='${FTS_TOKENIZE} categories ''L* N* Co M*'''`,
].join(', ');

/**
 * Latin letters with diacritics (Latin-1 Supplement and Latin Extended-A/B)
 * and the plain letter each stands for: translate() strips accents in the
 * index as FTS5's remove_diacritics does, with no extension (unaccent needs a
 * superuser and is not immutable). Derived from Unicode's decompositions,
 * which are frozen for these code points, so the list never changes.
 */
function latinFolds(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x24f; code++) {
    const char = String.fromCodePoint(code);
    const base = /^([A-Za-z])[\u0300-\u036f]+$/.exec(char.normalize('NFD'));
    if (base?.[1]) {
      from += char;
      to += base[1];
    }
  }
  return { from, to };
}

const folds = latinFolds();

/**
 * SEARCH_COLUMN's expression over the `message` column. 'simple': no
 * stemming or stop words, so every language tokenizes alike. The fold
 * strings hold letters only: safe to inline.
 */
export function searchDocumentSql(): string {
  return `to_tsvector('simple'::regconfig, translate(message, '${folds.from}', '${folds.to}'))`;
}
