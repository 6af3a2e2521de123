import { intlLocaleOf } from './i18n';

// "5 minutes ago", "il y a 5 minutes", "5 минут назад", "yesterday": Intl's
// own wording and plurals in the reader's language, to the minute (the
// minute clock moves it along). For things, not people: a person's "last
// seen" has its own wording (people/last-seen-text.ts).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function agoText(language: string, at: string, now: number): string {
  const format = new Intl.RelativeTimeFormat(intlLocaleOf(language), { numeric: 'auto' });
  const ms = Math.max(0, now - Date.parse(at));
  if (ms < MINUTE) return format.format(0, 'second');
  if (ms < HOUR) return format.format(-Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return format.format(-Math.floor(ms / HOUR), 'hour');
  return format.format(-Math.floor(ms / DAY), 'day');
}
