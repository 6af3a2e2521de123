import { describe, expect, it } from 'vitest';
import { LINK_PREVIEW_LIMITS } from '@parley/protocol/link-preview';
import { cleanText, decodeHtml, readPageMeta } from '../src/features/link-previews/html-meta';

// Reading a card from a page's head: which tag wins, entities, encodings,
// and the clean-up of what a page may put in its texts.

const base = new URL('https://example.org/articles/one?x=1');

describe('readPageMeta', () => {
  it('prefers Open Graph, then Twitter, then <title> and the meta description', () => {
    const html = `<head><title>Plain</title>
      <meta name="twitter:title" content="Tweet title">
      <meta name="description" content="Meta description">
      <meta name="twitter:image" content="https://cdn.example.org/t.png">
      <meta property="og:image" content="../img/cover.jpg"></head>`;
    expect(readPageMeta(html, base)).toEqual({
      title: 'Tweet title',
      description: 'Meta description',
      siteName: null,
      image: 'https://example.org/img/cover.jpg',
    });
    expect(readPageMeta('<title>Only &quot;this&quot;</title>', base).title).toBe('Only "this"');
  });

  it('ignores whatever comes after the head, and images that are not http(s)', () => {
    const html = `<head><meta property="og:image" content="javascript:alert(1)"></head>
      <body><meta property="og:title" content="from the body"><title>late</title></body>`;
    expect(readPageMeta(html, base)).toEqual({
      title: null,
      description: null,
      siteName: null,
      image: null,
    });
  });

  it('keeps the first of repeated tags and reads upper-case markup', () => {
    const html = `<HEAD><META PROPERTY="og:title" CONTENT="First"><meta property="og:title" content="Second"></HEAD>`;
    expect(readPageMeta(html, base).title).toBe('First');
  });
});

describe('cleanText', () => {
  it('removes controls and bidi overrides, folds whitespace, cuts long texts', () => {
    expect(cleanText(' a\u0000b\u202Ec \n\t d ', 100)).toBe('a b c d');
    expect(cleanText('   ', 100)).toBeNull();
    const long = cleanText('é'.repeat(500), LINK_PREVIEW_LIMITS.title) ?? '';
    expect([...long]).toHaveLength(LINK_PREVIEW_LIMITS.title);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('decodeHtml', () => {
  const cyrillic = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]); // "Привет" in windows-1251
  it('uses the charset of the Content-Type header', () => {
    expect(decodeHtml(cyrillic, 'text/html; charset=windows-1251')).toBe('Привет');
  });
  it('else a <meta charset> near the top, else UTF-8', () => {
    const page = Buffer.concat([Buffer.from('<meta charset="windows-1251"><title>'), cyrillic]);
    expect(decodeHtml(page, 'text/html')).toContain('<title>Привет');
    expect(decodeHtml(Buffer.from('Ünïcode'), 'text/html')).toBe('Ünïcode');
    expect(decodeHtml(Buffer.from('x'), 'text/html; charset=no-such-thing')).toBe('x');
  });
});
