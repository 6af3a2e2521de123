import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';
import { formatDateTime, formatTime, isValidTimeZone } from './format-date';
import { previewSenderName } from './preview';
import { isRecent } from './recent';
import { applyUnreadChange } from './unread';
import { avatarColor, initials } from './avatar-color';
import { stripLeadingAt, usernameKey } from './username';

describe('formatSize', () => {
  it.each([
    [0, '0.00 B'],
    [1, '1.00 B'],
    [1023, '1023.00 B'],
    [1024, '1.00 kB'],
    [1536, '1.50 kB'],
    [1024 ** 2 * 5.25, '5.25 MB'],
    [1024 ** 3, '1.00 GB'],
    [1024 ** 4 * 3, '3.00 TB'],
    [1024 ** 5, '1024.00 TB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
  it('treats negative and NaN as zero', () => {
    expect(formatSize(-5)).toBe('0.00 B');
    expect(formatSize(Number.NaN)).toBe('0.00 B');
  });
});

describe('dates in en-GB, 24-hour, user timezone', () => {
  const instant = '2026-03-01T22:05:00Z';
  it('uses the given timezone and 24-hour clock', () => {
    expect(formatTime(instant, 'UTC')).toBe('22:05');
    expect(formatTime(instant, 'Europe/Moscow')).toBe('01:05');
    expect(formatDateTime(instant, 'Asia/Yerevan')).toBe('02/03/2026, 02:05');
  });
  it('falls back when the zone is unknown instead of throwing', () => {
    expect(() => formatTime(instant, 'Mars/Olympus')).not.toThrow();
  });
  it('validates zone names', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Nowhere/Else')).toBe(false);
  });
});

describe('previewSenderName', () => {
  it('keeps names of 14 characters or fewer', () => {
    expect(previewSenderName('Alexander Gray')).toBe('Alexander Gray');
  });
  it('cuts longer names at 14 characters plus an ellipsis', () => {
    expect(previewSenderName('Alexander Graham Bell')).toBe('Alexander Grah…');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(previewSenderName('😀'.repeat(15))).toBe(`${'😀'.repeat(14)}…`);
  });
});

describe('isRecent', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('is true within an hour', () => {
    expect(isRecent(now - 3_599_999, now)).toBe(true);
  });
  it('is false at and after an hour', () => {
    expect(isRecent(now - 3_600_000, now)).toBe(false);
  });
  it('is false for future or invalid times', () => {
    expect(isRecent(now + 1000, now)).toBe(false);
    expect(isRecent('not a date', now)).toBe(false);
  });
});

describe('applyUnreadChange', () => {
  it('adds a positive change to both counters', () => {
    expect(
      applyUnreadChange({ conversation: 2, global: 5 }, { delta: 3, mutedOrIgnored: false }),
    ).toEqual({ conversation: 5, global: 8 });
  });
  it('does not add to the global count when muted or ignored', () => {
    expect(
      applyUnreadChange({ conversation: 2, global: 5 }, { delta: 3, mutedOrIgnored: true }),
    ).toEqual({ conversation: 5, global: 5 });
  });
  it('subtracts a negative change only where enough is available', () => {
    expect(
      applyUnreadChange({ conversation: 4, global: 10 }, { delta: -3, mutedOrIgnored: false }),
    ).toEqual({ conversation: 1, global: 7 });
    expect(
      applyUnreadChange({ conversation: 1, global: 2 }, { delta: -3, mutedOrIgnored: false }),
    ).toEqual({ conversation: 1, global: 2 });
  });
  it('zero resets the conversation and lowers the global count, not below 0', () => {
    expect(
      applyUnreadChange({ conversation: 4, global: 10 }, { delta: 0, mutedOrIgnored: false }),
    ).toEqual({ conversation: 0, global: 6 });
    expect(
      applyUnreadChange({ conversation: 7, global: 3 }, { delta: 0, mutedOrIgnored: false }),
    ).toEqual({ conversation: 0, global: 0 });
  });
});

describe('avatar colour and initials', () => {
  it('derives a stable colour from the id', () => {
    expect(avatarColor(3)).toBe(avatarColor(3));
    expect(avatarColor(3)).not.toBe(avatarColor(4));
    expect(avatarColor(-3)).toBe(avatarColor(3));
  });
  it('takes up to two initials', () => {
    expect(initials('ada lovelace byron')).toBe('AL');
    expect(initials('  ')).toBe('?');
  });
});

describe('username helpers', () => {
  it('removes one leading @', () => {
    expect(stripLeadingAt('@alice')).toBe('alice');
    expect(stripLeadingAt('alice')).toBe('alice');
  });
  it('compares without regard to case', () => {
    expect(usernameKey(' Alice ')).toBe(usernameKey('alice'));
  });
});
