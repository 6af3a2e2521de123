import { describe, expect, it } from 'vitest';
import { previewUrl } from './linkify';

describe('previewUrl: the first web link of a message', () => {
  it.each([
    ['look: https://example.org/a and http://example.net/b', 'https://example.org/a'],
    ['www.parley.chat first, then https://example.org', 'https://www.parley.chat'],
    ['(see http://example.org/x).', 'http://example.org/x'],
    ['HTTPS://EXAMPLE.ORG/Path', 'HTTPS://EXAMPLE.ORG/Path'],
    ['read https://en.wikipedia.org/wiki/Foo_(bar).', 'https://en.wikipedia.org/wiki/Foo_(bar)'],
    ['bare example.com works', 'https://example.com'],
    ['mail a@example.org or see example.net', 'https://example.net'],
    ['`https://in-code.example` then **https://bold.example/x**', 'https://bold.example/x'],
  ])('%s → %s', (text, url) => {
    expect(previewUrl(text)).toBe(url);
  });

  it.each([
    'no address here',
    'ftp://example.org/file',
    'javascript:alert(1)',
    '[x](javascript:alert(1))',
    'mailto:someone@example.org',
    'someone@example.org',
    'file:///etc/passwd',
    'http:// nothing',
    '//example.org/protocol-relative',
    '`https://only-in-code.example`',
    '```\nhttps://only-in-a-block.example\n```',
  ])('%s → null', (text) => {
    expect(previewUrl(text)).toBeNull();
  });
});
