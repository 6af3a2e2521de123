import { formatDateTime, formatTime } from '@parley/protocol/rules/format-date';

// List and separator times (spec 5: en-GB, 24-hour, the user's timezone).

/** The calendar day of an instant in a zone, as dd/mm/yyyy. */
export function dayOf(at: Date | string | number, timeZone?: string | null): string {
  return formatDateTime(at, timeZone).split(',')[0] ?? '';
}

/** Today → "14:05", any other day → "03/02/2026". */
export function listTime(
  at: string,
  timeZone?: string | null,
  now: Date | number = Date.now(),
): string {
  return dayOf(at, timeZone) === dayOf(now, timeZone)
    ? formatTime(at, timeZone)
    : dayOf(at, timeZone);
}
