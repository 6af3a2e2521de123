// IANA time zones (spec 5: dates are shown in the user's timezone). Intl is
// the source of truth on both sides; the stored form is its canonical name,
// so 'europe/paris' and 'Europe/Paris' are the same zone.

/** Names only (Area/Location, UTC): no offsets like "+05:00", which Intl would also take. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** The canonical IANA name of `value`, or null when it is not a time zone. */
export function canonicalTimeZone(value: string): string | null {
  if (!ZONE_NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
