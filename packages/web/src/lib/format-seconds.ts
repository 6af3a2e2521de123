import i18next from 'i18next';
import { intlLocaleOf } from './i18n';

/**
 * "45 sec", "5 min", "1 hr" in the current locale, by the browser's own
 * unit names (Intl): no catalogue text to ship. The largest whole unit.
 */
export function formatSeconds(seconds: number): string {
  const [n, unit] =
    seconds >= 3600 && seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds >= 60 && seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  // The product's `am` is Armenian (`hy`); given to Intl as is it meant Amharic.
  return new Intl.NumberFormat(intlLocaleOf(i18next.language), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
  }).format(n);
}
