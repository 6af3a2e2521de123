import { canonicalTimeZone } from '@parley/protocol/rules/timezone';
import { setTimezoneCall } from './api';

// The server stores 'UTC' for a new account (it cannot know better), and
// spec 5 shows every date in the user's timezone: without this a new user
// in Yerevan saw every message four hours off until they found the setting.

/** The browser's IANA time zone as the server stores it, or null when it has none usable. */
export function browserTimeZone(): string | null {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return null;
  }
}

/**
 * Sets a fresh account's timezone to the browser's, through the settings
 * call (the spec's registration body has no timezone field). A failure
 * changes nothing else: the account works, in UTC, and Settings → Profile
 * can set it later.
 */
export async function adoptBrowserTimeZone(): Promise<void> {
  const zone = browserTimeZone();
  if (zone === null || zone === 'UTC') return;
  await setTimezoneCall(zone).catch(() => undefined);
}
