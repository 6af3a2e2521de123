import { describe, expect, it } from 'vitest';
import { foldText, matchRanges, SEARCH_TERMS_MAX, searchTerms, snippetOf } from './search-text';

const marked = (s: { text: string; highlights: [number, number][] }) =>
  s.highlights.map(([a, b]) => s.text.slice(a, b));

describe('search terms', () => {
  it('keeps words only: operators and quotes of FTS5 and tsquery are punctuation', () => {
    expect(searchTerms("\"quoted\" OR -minus NEAR(a b) 'it's' \\")).toEqual([
      'quoted',
      'or',
      'minus',
      'near',
      'a',
      'b',
      'it',
      's',
    ]);
    expect(searchTerms('" * ( ) : ^ - \' \\')).toEqual([]);
  });

  it('folds case in every script and accents of Latin letters only', () => {
    expect(foldText('ÉCOLE Café Ça')).toBe('ecole cafe ca');
    expect(foldText('ПРИВЕТ йогурт Ёлка')).toBe('привет йогурт ёлка');
    expect(foldText('ԲԱՐԵՒ')).toBe('բարեւ');
  });

  it('drops repeats and stops at the limit', () => {
    expect(searchTerms('a A á b')).toEqual(['a', 'b']);
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(searchTerms(many)).toHaveLength(SEARCH_TERMS_MAX);
  });
});

describe('match ranges and snippets', () => {
  it('marks words that start with a term, not pieces inside words', () => {
    const text = 'Station stationery constant';
    expect(matchRanges(text, ['station'])).toEqual([
      [0, 7],
      [8, 18],
    ]);
    expect(matchRanges(text, ['tant'])).toEqual([]);
  });

  it('keeps a short message whole, spaces flattened', () => {
    const s = snippetOf('Meet  at the\nstation', ['station']);
    expect(s.text).toBe('Meet at the station');
    expect(marked(s)).toEqual(['station']);
  });

  it('cuts a long message around the first match, with ellipses and shifted ranges', () => {
    const text = `${'lorem '.repeat(60)}the harbour ferry leaves ${'ipsum '.repeat(60)}`;
    const s = snippetOf(text, ['ferry'], 80);
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.text.length).toBeLessThanOrEqual(82);
    expect(marked(s)).toEqual(['ferry']);
  });

  it('never splits a surrogate pair', () => {
    const text = `${'😀'.repeat(100)} word`;
    const s = snippetOf(text, ['word'], 50);
    // A lone surrogate would turn into U+FFFD on the way out.
    expect(s.text).not.toMatch(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    );
    expect(marked(s)).toEqual(['word']);
  });
});
