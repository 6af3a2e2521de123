import { describe, expect, it } from 'vitest';
import { dueInputs, dueInstant } from './due';

describe('due dates in the user’s time zone', () => {
  it('a date and a time in the zone become the UTC instant', () => {
    expect(dueInstant('2026-12-01', '18:00', 'Europe/Paris')).toBe('2026-12-01T17:00:00.000Z');
    expect(dueInstant('2026-07-01', '18:00', 'Europe/Paris')).toBe('2026-07-01T16:00:00.000Z');
    expect(dueInstant('2026-12-01', '09:30', 'Asia/Yerevan')).toBe('2026-12-01T05:30:00.000Z');
    expect(dueInstant('2026-12-01', '09:30', 'America/New_York')).toBe('2026-12-01T14:30:00.000Z');
  });
  it('a date without a time is the end of that day (23:59)', () => {
    expect(dueInstant('2026-12-01', '', 'Europe/Moscow')).toBe('2026-12-01T20:59:00.000Z');
  });
  it('next to a daylight-saving change', () => {
    // Paris moves to summer time on 2026-03-29 at 02:00 → 03:00.
    expect(dueInstant('2026-03-29', '12:00', 'Europe/Paris')).toBe('2026-03-29T10:00:00.000Z');
    expect(dueInstant('2026-03-28', '12:00', 'Europe/Paris')).toBe('2026-03-28T11:00:00.000Z');
  });
  it('an empty or broken date is no due date', () => {
    expect(dueInstant('', '10:00', 'UTC')).toBeNull();
    expect(dueInstant('2026-1-1', '', 'UTC')).toBeNull();
  });
  it('an instant reads back as the inputs in the zone', () => {
    expect(dueInputs('2026-12-01T17:00:00.000Z', 'Europe/Paris')).toEqual({
      date: '2026-12-01',
      time: '18:00',
    });
    expect(dueInputs('2026-12-01T22:30:00.000Z', 'Asia/Tokyo')).toEqual({
      date: '2026-12-02',
      time: '07:30',
    });
    expect(dueInputs(null, 'UTC')).toEqual({ date: '', time: '' });
  });
});
