import { describe, expect, it } from 'vitest';
import { linkify, previewUrl } from './linkify';

describe('linkify', () => {
  it('splits text and addresses, leaving sentence punctuation outside the link', () => {
    expect(linkify('see https://example.org/a?b=1, and www.parley.chat.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: ', and ' },
      { kind: 'link', text: 'www.parley.chat', href: 'https://www.parley.chat' },
      { kind: 'text', text: '.' },
    ]);
  });
});

describe('previewUrl: the first link of a message', () => {
  it.each([
    ['look: https://example.org/a and http://example.net/b', 'https://example.org/a'],
    ['www.parley.chat first, then https://example.org', 'https://www.parley.chat'],
    ['(see http://example.org/x).', 'http://example.org/x'],
    ['HTTPS://EXAMPLE.ORG/Path', 'HTTPS://EXAMPLE.ORG/Path'],
  ])('%s → %s', (text, url) => {
    expect(previewUrl(text)).toBe(url);
  });

  it.each([
    'no address here',
    'ftp://example.org/file',
    'javascript:alert(1)',
    'mailto:someone@example.org',
    'file:///etc/passwd',
    'http:// nothing',
  ])('%s → null', (text) => {
    expect(previewUrl(text)).toBeNull();
  });
});
