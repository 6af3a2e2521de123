import { formatDateTime, formatTime } from './format-date';

// "Last seen" as Telegram words it, in one place for the server (which picks
// what a viewer may know) and the web app (which words it). Two rules:
//
// - A viewer the person's privacy allows (hide_status off, and, by Telegram's
//   reciprocity, the viewer's own hide_status off) gets the exact time and
//   the app words it: "just now", "5 minutes ago", "today at 14:05",
//   "yesterday at 21:04", "12 March at 09:30", "12 March 2025 at 09:30".
// - Anyone else gets a bucket only, never the time: "recently" (up to three
//   days), "within a week", "within a month", "a long time ago".

export const LAST_SEEN_BUCKETS = ['recently', 'week', 'month', 'long'] as const;
export type LastSeenBucket = (typeof LAST_SEEN_BUCKETS)[number];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The bucket a hidden last-seen time falls in (Telegram's limits). */
export function lastSeenBucket(at: Date | string | number, now: Date | number): LastSeenBucket {
  const ago = new Date(now).getTime() - new Date(at).getTime();
  if (ago <= 3 * DAY) return 'recently';
  if (ago <= 7 * DAY) return 'week';
  if (ago <= 30 * DAY) return 'month';
  return 'long';
}

/**
 * May `viewer` see the exact last-seen time of `person`? Not when the person
 * hides their status, and not when the viewer hides their own (reciprocity:
 * who shows nothing sees nothing). One's own is always visible.
 */
export function mayShowLastSeen(
  person: { id: number; hide_status: boolean },
  viewer: { id: number; hide_status: boolean },
): boolean {
  if (person.id === viewer.id) return true;
  return !person.hide_status && !viewer.hide_status;
}

/**
 * What `viewer` is told of `person`'s last-seen time: the time itself when
 * mayShowLastSeen allows, else only its bucket. The server sends this (in
 * offline presence frames and the profile), so the time never leaves it for
 * a viewer who may not know it. Never seen: a long time ago.
 */
export interface LastSeenView {
  last_seen_at: string | null;
  last_seen: LastSeenBucket | null;
}

export function lastSeenView(
  person: { id: number; hide_status: boolean; last_seen_at: string | null },
  viewer: { id: number; hide_status: boolean },
  now: Date | number,
): LastSeenView {
  if (person.last_seen_at === null) return { last_seen_at: null, last_seen: 'long' };
  if (mayShowLastSeen(person, viewer))
    return { last_seen_at: person.last_seen_at, last_seen: null };
  return { last_seen_at: null, last_seen: lastSeenBucket(person.last_seen_at, now) };
}

/** The wording of an exact last-seen time: an i18n key suffix and its values. */
export type LastSeenWording =
  | { key: 'justNow' }
  | { key: 'minutes'; count: number }
  | { key: 'hours'; count: number }
  | { key: 'today'; time: string }
  | { key: 'yesterday'; time: string }
  | { key: 'date'; day: number; month: number; time: string }
  | { key: 'dateYear'; day: number; month: number; year: number; time: string };

/** The calendar day of an instant in a zone, as whole days since 1970 (DST-proof). */
function dayNumber(at: Date | number, timeZone?: string | null) {
  const [date = ''] = formatDateTime(at, timeZone).split(',');
  const [d = 1, m = 1, y = 1970] = date.split('/').map(Number);
  return { day: d, month: m, year: y, n: Date.UTC(y, m - 1, d) / DAY };
}

/**
 * How an exact last-seen time reads at `now` in the viewer's zone: minutes
 * under an hour, hours under six (and the same day), then the day with the
 * time (en-GB, 24-hour). A time a little ahead (clock skew) reads "just now".
 */
export function lastSeenWording(
  at: Date | string | number,
  now: Date | number,
  timeZone?: string | null,
): LastSeenWording {
  const seen = new Date(at).getTime();
  const current = new Date(now).getTime();
  const ago = current - seen;
  if (ago < MINUTE) return { key: 'justNow' };
  if (ago < 60 * MINUTE) return { key: 'minutes', count: Math.floor(ago / MINUTE) };
  const then = dayNumber(seen, timeZone);
  const today = dayNumber(current, timeZone);
  const time = formatTime(seen, timeZone);
  if (then.n === today.n) {
    return ago < 6 * 60 * MINUTE
      ? { key: 'hours', count: Math.floor(ago / (60 * MINUTE)) }
      : { key: 'today', time };
  }
  if (then.n === today.n - 1) return { key: 'yesterday', time };
  if (then.year === today.year) return { key: 'date', day: then.day, month: then.month, time };
  return { key: 'dateYear', day: then.day, month: then.month, year: then.year, time };
}
