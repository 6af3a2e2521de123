// Spec 5: dates are shown in en-GB, 24-hour, in the user's timezone.

function safeZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return undefined; // an unknown zone falls back to the runtime's own
  }
}

export function formatDateTime(date: Date | string | number, timeZone?: string | null): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: safeZone(timeZone),
  }).format(new Date(date));
}

export function formatTime(date: Date | string | number, timeZone?: string | null): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: safeZone(timeZone),
  }).format(new Date(date));
}

/** Is this a real IANA time zone name? Used to validate profile input. */
export function isValidTimeZone(timeZone: string): boolean {
  return safeZone(timeZone) === timeZone;
}
