import { describe, expect, it } from 'vitest';
import { landingFor, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps same-origin app paths with their query and hash', () => {
    expect(safeReturnPath('/conversations/join/abc123')).toBe('/conversations/join/abc123');
    expect(safeReturnPath('/chat/5?x=1#m')).toBe('/chat/5?x=1#m');
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['protocol-relative', '//evil.example/x'],
    ['backslash host', '/\\evil.example'],
    ['absolute https', 'https://evil.example/conversations/join/x'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['relative path', 'conversations/join/x'],
    ['tab in the host part', '/\t/evil.example'],
    ['newline', '/chat\n'],
    ['the landing itself', '/'],
    ['the landing with a query', '/?next=/chat'],
    ['too long', `/${'a'.repeat(2000)}`],
  ])('rejects %s', (_name, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeReturnPath('/a/../conversations/join/t')).toBe('/conversations/join/t');
    expect(safeReturnPath('/..//evil.example')).toBeNull();
  });
});

describe('landingFor', () => {
  it('puts a safe path in ?next=', () => {
    expect(landingFor('/conversations/join/t k')).toBe('/?next=%2Fconversations%2Fjoin%2Ft%2520k');
  });

  it('falls back to the bare landing', () => {
    expect(landingFor('//evil.example')).toBe('/');
  });
});
