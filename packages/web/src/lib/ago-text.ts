import type { TFunction } from 'i18next';

// "5 minutes ago", "il y a 5 minutes", "5 минут назад", "yesterday", from
// the catalogue (ago.*), to the minute (the minute clock moves it along).
// Not Intl.RelativeTimeFormat: a browser's ICU may lack a language (Debian's
// Chromium has no Armenian and answered "now", "5 minutes ago" in English).
// For things, not people: a person's "last seen" has its own wording
// (people/last-seen-text.ts).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function agoText(t: TFunction, at: string, now: number): string {
  const ms = Math.max(0, now - Date.parse(at));
  if (ms < MINUTE) return t('ago.now');
  if (ms < HOUR) return t('ago.minutes', { count: Math.floor(ms / MINUTE) });
  if (ms < DAY) return t('ago.hours', { count: Math.floor(ms / HOUR) });
  const days = Math.floor(ms / DAY);
  return days === 1 ? t('ago.yesterday') : t('ago.days', { count: days });
}
