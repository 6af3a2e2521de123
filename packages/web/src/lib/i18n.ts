import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@parley/protocol/constants';
import { DEFAULT_LOCALE, isLocaleCode, LOCALES } from '@parley/protocol/locales';
import type { LocaleCode } from '@parley/protocol/locales';
import { readStorage, writeStorage } from './storage';

// i18n boot (spec 1, 2, 4 "Language", 9). One JSON catalogue per locale,
// each loaded on demand as its own chunk. UI strings use dotted semantic
// keys inside flat catalogues; texts shared with the server (protocol MSG)
// use the English sentence itself as the key, hence no key/ns separators.

type Catalogue = Record<string, string>;

const loaders: Record<LocaleCode, () => Promise<{ default: Catalogue }>> = {
  en: () => import('../locales/en.json'),
  ru: () => import('../locales/ru.json'),
  am: () => import('../locales/am.json'),
  fr: () => import('../locales/fr.json'),
};

/** `<html lang>` wants BCP 47: the product's `am` means Armenian, whose tag is `hy` (`am` is Amharic). */
const HTML_LANG: Record<LocaleCode, string> = { en: 'en', ru: 'ru', am: 'hy', fr: 'fr' };

/** The BCP 47 tag for Intl formatters of a product locale code (English for anything else). */
export function intlLocaleOf(code: string): string {
  return isLocaleCode(code) ? HTML_LANG[code] : 'en';
}

/** The locale to use: the saved one if supported, else English (spec 9 default). */
export function currentLocale(): LocaleCode {
  const saved = readStorage(STORAGE_KEYS.locale);
  return isLocaleCode(saved) ? saved : DEFAULT_LOCALE;
}

function ensureInit(): Promise<unknown> | null {
  if (i18next.isInitialized) return null;
  return i18next.use(initReactI18next).init({
    resources: {},
    lng: currentLocale(),
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false }, // React escapes already
    react: { useSuspense: false },
  });
}

async function loadCatalogue(
  code: LocaleCode,
  loading?: Promise<{ default: Catalogue }>,
): Promise<void> {
  if (i18next.hasResourceBundle(code, 'translation')) return;
  const module = await (loading ?? loaders[code]());
  i18next.addResourceBundle(code, 'translation', module.default, true, true);
}

/** Loads the dictionary and switches to it; resolves once texts can render. */
export async function changeLocale(code: LocaleCode): Promise<void> {
  await ensureInit();
  await loadCatalogue(code);
  await i18next.changeLanguage(code);
  writeStorage(STORAGE_KEYS.locale, code);
  document.documentElement.lang = HTML_LANG[code];
}

let booting: { code: LocaleCode; done: Promise<void> } | null = null;

/**
 * First load at start: like changeLocale but does not save a choice the user
 * never made. The entry starts it before the first render and the i18n gate
 * waits for the same load.
 */
export function bootI18n(): Promise<void> {
  const code = currentLocale();
  if (booting?.code !== code) {
    const done = (async () => {
      // The dictionary's chunk is fetched while i18next initialises, not after.
      const catalogue = loaders[code]();
      catalogue.catch(() => undefined); // awaited by loadCatalogue below
      await ensureInit();
      await loadCatalogue(code, catalogue);
      await i18next.changeLanguage(code);
      document.documentElement.lang = HTML_LANG[code];
    })().catch((error: unknown) => {
      booting = null; // a failed chunk may load on the next try
      throw error;
    });
    booting = { code, done };
  }
  return booting.done;
}

/** Ready when the wanted locale's dictionary is loaded and active. */
export function isI18nReady(): boolean {
  const wanted = currentLocale();
  return (
    i18next.isInitialized &&
    i18next.language === wanted &&
    i18next.hasResourceBundle(wanted, 'translation')
  );
}

/** Translates outside React (API errors, toasts). */
export function translate(key: string, values?: Record<string, string | number>): string {
  return values ? i18next.t(key, values) : i18next.t(key);
}

export const LOCALE_OPTIONS = LOCALES;

/** Current locale and a setter, re-rendering on change. */
export function useLocale(): { locale: LocaleCode; setLocale: (code: LocaleCode) => void } {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  return {
    locale: isLocaleCode(lng) ? lng : DEFAULT_LOCALE,
    setLocale: (code) => void changeLocale(code),
  };
}
