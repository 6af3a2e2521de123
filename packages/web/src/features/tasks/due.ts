// Due dates (docs/TASKS.md, "Due date"): the user picks a date and maybe a
// time in their own time zone (User.timezone, else the browser's); the
// server takes an instant. A date without a time is the end of that day.

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string | null): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let made = partsFormatters.get(key);
  if (!made) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    };
    try {
      made = new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone ?? undefined });
    } catch {
      made = new Intl.DateTimeFormat('en-US', options); // an unknown zone: the browser's
    }
    partsFormatters.set(key, made);
  }
  return made;
}

/** The wall clock of `ms` in the zone, as numbers. */
function wallClock(ms: number, timeZone: string | null) {
  const out: Record<string, number> = {};
  for (const p of partsIn(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year ?? 1970,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at `ms`. */
function offsetAt(ms: number, timeZone: string | null): number {
  const w = wallClock(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return asUtc - Math.floor(ms / 60_000) * 60_000;
}

/**
 * `date` (YYYY-MM-DD) and `time` (HH:MM, '' = end of day, 23:59) in the zone
 * → an ISO-8601 instant in UTC; null for an empty or broken date.
 */
export function dueInstant(date: string, time: string, timeZone: string | null): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!d) return null;
  const t = /^(\d{2}):(\d{2})$/.exec(time || '23:59');
  if (!t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // Two rounds settle the offset also next to a daylight-saving change.
  let ms = wall - offsetAt(wall, timeZone);
  ms = wall - offsetAt(ms, timeZone);
  return new Date(ms).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant → the date and time inputs' values in the zone. */
export function dueInputs(instant: string | null, timeZone: string | null) {
  if (!instant) return { date: '', time: '' };
  const w = wallClock(Date.parse(instant), timeZone);
  return {
    date: `${w.year}-${pad(w.month)}-${pad(w.day)}`,
    time: `${pad(w.hour)}:${pad(w.minute)}`,
  };
}
