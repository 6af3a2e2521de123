// Spec 5: dates are shown in en-GB, 24-hour, in the user's timezone.
//
// Formatters are made once per (kind, zone) and reused: building an
// Intl.DateTimeFormat costs far more than formatting with one, and a history
// of a few thousand messages formats two dates per message on every change
// (that alone made scrolling through long history stutter).

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** The runtime's own zone is keyed by this; an IANA name never contains a space. */
const LOCAL = 'local zone';
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'dateTime' | 'time', timeZone: string | null | undefined) {
  const key = `${kind} ${timeZone || LOCAL}`;
  let made = formatters.get(key);
  if (!made) {
    const options = kind === 'dateTime' ? DATE_TIME : TIME;
    try {
      made = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timeZone || undefined });
    } catch {
      // An unknown zone falls back to the runtime's own.
      made = new Intl.DateTimeFormat('en-GB', options);
    }
    formatters.set(key, made);
  }
  return made;
}

export function formatDateTime(date: Date | string | number, timeZone?: string | null): string {
  return formatter('dateTime', timeZone).format(new Date(date));
}

export function formatTime(date: Date | string | number, timeZone?: string | null): string {
  return formatter('time', timeZone).format(new Date(date));
}

/** Is this a real IANA time zone name? Used to validate profile input. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}
