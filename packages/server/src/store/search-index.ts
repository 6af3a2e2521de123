// The full-text index of message texts (migration 0008-search), one per
// dialect, and the expressions queries must use to reach it.
//
// SQLite: the FTS5 table `messages_fts` (external content: rowid = messages.id,
// the text is read from `messages`), kept in step by triggers.
// PostgreSQL: the stored generated column `messages.search_document` with a
// GIN index. Not an expression index (tried first): the planner often walks
// the newest messages and tests each, and recomputing the vector per row
// made a search for a missing word take seconds on 200,000 messages; a
// stored vector is tested in microseconds.

/** PostgreSQL: the tsvector column of `messages`. */
export const SEARCH_COLUMN = 'search_document';

/** The FTS5 table's name. */
export const FTS_TABLE = 'messages_fts';

/** unicode61 splits on Unicode punctuation and spaces and folds case in every script. */
export const FTS_TOKENIZE = 'unicode61 remove_diacritics 2';

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
