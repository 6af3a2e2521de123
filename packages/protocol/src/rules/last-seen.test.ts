import { describe, expect, it } from 'vitest';
import { lastSeenBucket, lastSeenView, lastSeenWording, mayShowLastSeen } from './last-seen';

const at = (iso: string) => new Date(iso).getTime();

describe('lastSeenBucket', () => {
  const now = at('2026-03-20T12:00:00Z');
  it('puts up to three days in "recently", then a week, a month, a long time', () => {
    expect(lastSeenBucket('2026-03-20T11:59:00Z', now)).toBe('recently');
    expect(lastSeenBucket('2026-03-17T12:00:00Z', now)).toBe('recently');
    expect(lastSeenBucket('2026-03-17T11:59:00Z', now)).toBe('week');
    expect(lastSeenBucket('2026-03-13T12:00:00Z', now)).toBe('week');
    expect(lastSeenBucket('2026-03-13T11:00:00Z', now)).toBe('month');
    expect(lastSeenBucket('2026-02-18T12:00:00Z', now)).toBe('month');
    expect(lastSeenBucket('2026-02-18T11:00:00Z', now)).toBe('long');
  });
});

describe('mayShowLastSeen', () => {
  const shown = { id: 1, hide_status: false };
  const hidden = { id: 2, hide_status: true };
  it('shows the time only when neither side hides their status', () => {
    expect(mayShowLastSeen(shown, { id: 3, hide_status: false })).toBe(true);
    expect(mayShowLastSeen(hidden, shown)).toBe(false);
    // Reciprocity: who hides their own sees no one's.
    expect(mayShowLastSeen(shown, hidden)).toBe(false);
  });
  it('always shows one their own', () => {
    expect(mayShowLastSeen(hidden, hidden)).toBe(true);
  });
});

describe('lastSeenWording', () => {
  const now = at('2026-03-20T12:00:00Z');
  it('says just now under a minute, and for a time a little ahead', () => {
    expect(lastSeenWording('2026-03-20T11:59:30Z', now, 'UTC')).toEqual({ key: 'justNow' });
    expect(lastSeenWording('2026-03-20T12:00:20Z', now, 'UTC')).toEqual({ key: 'justNow' });
  });
  it('counts minutes under an hour, hours under six the same day', () => {
    expect(lastSeenWording('2026-03-20T11:55:00Z', now, 'UTC')).toEqual({
      key: 'minutes',
      count: 5,
    });
    expect(lastSeenWording('2026-03-20T09:10:00Z', now, 'UTC')).toEqual({
      key: 'hours',
      count: 2,
    });
  });
  it('gives the time today, yesterday, a date this year and a date with its year', () => {
    expect(lastSeenWording('2026-03-20T05:30:00Z', now, 'UTC')).toEqual({
      key: 'today',
      time: '05:30',
    });
    expect(lastSeenWording('2026-03-19T21:04:00Z', now, 'UTC')).toEqual({
      key: 'yesterday',
      time: '21:04',
    });
    expect(lastSeenWording('2026-03-12T09:30:00Z', now, 'UTC')).toEqual({
      key: 'date',
      day: 12,
      month: 3,
      time: '09:30',
    });
    expect(lastSeenWording('2025-12-31T23:00:00Z', now, 'UTC')).toEqual({
      key: 'dateYear',
      day: 31,
      month: 12,
      year: 2025,
      time: '23:00',
    });
  });
  it('counts days in the viewer zone', () => {
    // 21:04 UTC on the 19th is 00:04 on the 20th in Moscow: today, not yesterday.
    const evening = '2026-03-19T21:04:00Z';
    expect(lastSeenWording(evening, now, 'Europe/Moscow')).toEqual({
      key: 'today',
      time: '00:04',
    });
    // And 23:30 in New York on the 19th, when it is 08:00 there on the 20th.
    expect(lastSeenWording('2026-03-20T03:30:00Z', now, 'America/New_York')).toEqual({
      key: 'yesterday',
      time: '23:30',
    });
  });
  it('is exact across a DST change', () => {
    // Europe/London moves to summer time on 29 March 2026.
    const after = at('2026-03-30T10:00:00Z');
    expect(lastSeenWording('2026-03-29T00:30:00Z', after, 'Europe/London')).toEqual({
      key: 'yesterday',
      time: '00:30',
    });
  });
});

describe('lastSeenView', () => {
  const now = at('2026-03-20T12:00:00Z');
  const person = { id: 1, hide_status: false, last_seen_at: '2026-03-20T11:00:00.000Z' };
  it('gives an allowed viewer the time and no bucket', () => {
    expect(lastSeenView(person, { id: 2, hide_status: false }, now)).toEqual({
      last_seen_at: '2026-03-20T11:00:00.000Z',
      last_seen: null,
    });
  });
  it('gives anyone else the bucket only, never the time', () => {
    expect(lastSeenView(person, { id: 2, hide_status: true }, now)).toEqual({
      last_seen_at: null,
      last_seen: 'recently',
    });
    const hidden = { ...person, hide_status: true, last_seen_at: '2026-03-10T11:00:00.000Z' };
    expect(lastSeenView(hidden, { id: 2, hide_status: false }, now)).toEqual({
      last_seen_at: null,
      last_seen: 'month',
    });
  });
  it('reads never seen as a long time ago', () => {
    expect(
      lastSeenView({ ...person, last_seen_at: null }, { id: 2, hide_status: false }, now),
    ).toEqual({ last_seen_at: null, last_seen: 'long' });
  });
});
