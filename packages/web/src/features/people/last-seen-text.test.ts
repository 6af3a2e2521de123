import { afterEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { changeLocale } from '../../lib/i18n';
import { useLiveStore } from '../conversations/live-store';
import { lastSeenText } from './last-seen-text';

// The header's and the profile's status line: the shared wording read in
// the viewer's zone and language, a bucket when the server gave no time.

const now = new Date('2026-03-20T12:00:00Z').getTime();
const line = (seen: Parameters<typeof lastSeenText>[2]['seen'], timeZone = 'Europe/Paris') =>
  lastSeenText(i18next.t, i18next.language, { online: false, seen, now, timeZone });
const at = (iso: string) => ({ last_seen_at: iso, last_seen: null });

describe('lastSeenText', () => {
  afterEach(async () => {
    await changeLocale('en');
    useLiveStore.getState().reset();
  });

  it('says online, then the exact time in words, in the viewer zone', () => {
    expect(
      lastSeenText(i18next.t, 'en', { online: true, seen: undefined, now, timeZone: null }),
    ).toBe('online');
    expect(line(at('2026-03-20T11:59:40Z'))).toBe('last seen just now');
    expect(line(at('2026-03-20T11:55:00Z'))).toBe('last seen 5 minutes ago');
    expect(line(at('2026-03-20T11:59:00Z'))).toBe('last seen 1 minute ago');
    expect(line(at('2026-03-20T09:00:00Z'))).toBe('last seen 3 hours ago');
    // 21:04 in Paris (UTC+1) the day before.
    expect(line(at('2026-03-19T20:04:00Z'))).toBe('last seen yesterday at 21:04');
    expect(line(at('2026-03-12T08:30:00Z'))).toBe('last seen 12 March at 09:30');
    expect(line(at('2025-03-12T08:30:00Z'))).toBe('last seen 12 March 2025 at 09:30');
  });

  it('gives only the bucket when the server sent no time', () => {
    expect(line({ last_seen_at: null, last_seen: 'recently' })).toBe('last seen recently');
    expect(line({ last_seen_at: null, last_seen: 'week' })).toBe('last seen within a week');
    expect(line(undefined)).toBe('last seen recently');
  });

  it('words it in Russian with its plural forms and month names', async () => {
    await changeLocale('ru');
    expect(line(at('2026-03-20T11:55:00Z'))).toBe('был(а) в сети 5 минут назад');
    expect(line(at('2026-03-20T11:58:00Z'))).toBe('был(а) в сети 2 минуты назад');
    expect(line(at('2026-03-20T11:39:00Z'))).toBe('был(а) в сети 21 минуту назад');
    expect(line(at('2026-03-12T08:30:00Z'))).toBe('был(а) в сети 12 марта в 09:30');
  });
});

describe('live store last seen', () => {
  it('keeps the offline frame view and a fresher time over an older one', () => {
    const live = useLiveStore.getState();
    live.presence(7, true);
    live.presence(7, false, at('2026-03-20T11:00:00Z'));
    expect(useLiveStore.getState().online[7]).toBeUndefined();
    expect(useLiveStore.getState().seen[7]).toEqual(at('2026-03-20T11:00:00Z'));
    // An older profile read does not undo the frame's time; a newer one does.
    live.noteSeen(7, at('2026-03-20T10:00:00Z'));
    expect(useLiveStore.getState().seen[7]).toEqual(at('2026-03-20T11:00:00Z'));
    live.noteSeen(7, at('2026-03-20T11:30:00Z'));
    expect(useLiveStore.getState().seen[7]).toEqual(at('2026-03-20T11:30:00Z'));
  });
});
