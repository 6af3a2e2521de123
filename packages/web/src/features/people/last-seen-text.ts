import type { TFunction } from 'i18next';
import type { LastSeenView } from '@parley/protocol/rules/last-seen';
import { lastSeenWording } from '@parley/protocol/rules/last-seen';

// The subtitle of a person: "online", "last seen 5 minutes ago", "last seen
// yesterday at 21:04", "last seen recently". The rule of what the viewer may
// know is the server's (lastSeenView); the wording is the shared
// lastSeenWording, read in the viewer's zone; day and month come from Intl
// in the viewer's language (Armenian's code here is `am`, Intl's `hy`).

const INTL_LOCALE: Record<string, string> = { en: 'en-GB', ru: 'ru', fr: 'fr', am: 'hy' };

function dayAndMonth(language: string, day: number, month: number, year?: number): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', timeZone: 'UTC' };
  if (year !== undefined) options.year = 'numeric';
  const locale = INTL_LOCALE[language] ?? 'en-GB';
  return new Intl.DateTimeFormat(locale, options).format(
    Date.UTC(year ?? 2000, month - 1, day, 12),
  );
}

export function lastSeenText(
  t: TFunction,
  language: string,
  person: {
    online: boolean;
    seen: LastSeenView | undefined;
    now: number;
    timeZone: string | null;
  },
): string {
  if (person.online) return t('presence.online');
  const seen = person.seen;
  if (!seen) return t('presence.recently');
  if (seen.last_seen_at === null) return t(`lastSeen.bucket.${seen.last_seen ?? 'recently'}`);
  const w = lastSeenWording(seen.last_seen_at, person.now, person.timeZone);
  switch (w.key) {
    case 'justNow':
      return t('lastSeen.justNow');
    case 'minutes':
    case 'hours':
      return t(`lastSeen.${w.key}`, { count: w.count });
    case 'today':
    case 'yesterday':
      return t(`lastSeen.${w.key}`, { time: w.time });
    case 'date':
      return t('lastSeen.date', { date: dayAndMonth(language, w.day, w.month), time: w.time });
    case 'dateYear':
      return t('lastSeen.date', {
        date: dayAndMonth(language, w.day, w.month, w.year),
        time: w.time,
      });
  }
}
