import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocaleCode } from '@parley/protocol/locales';
import type { LocaleCode } from '@parley/protocol/locales';

// Texts that only lazily loaded parts use (bots: keyboards, buttons, the "/"
// menu, My bots; blocking a chat). They live in locales/later/later-<code>.json
// a chunk of their own merged into the main catalogue when such a part
// first shows, so the chat screen's first load (bench/web/budget.ts counts
// the main catalogue) does not carry them.

type Catalogue = Record<string, string>;

const loaders: Record<LocaleCode, () => Promise<{ default: Catalogue }>> = {
  en: () => import('../locales/later/later-en.json'),
  ru: () => import('../locales/later/later-ru.json'),
  am: () => import('../locales/later/later-am.json'),
  fr: () => import('../locales/later/later-fr.json'),
};

const loaded = new Set<LocaleCode>();

/** Merges the later texts of a locale into its catalogue (once). */
export async function loadLaterTexts(code: LocaleCode): Promise<void> {
  if (loaded.has(code)) return;
  const module = await loaders[code]();
  i18next.addResourceBundle(code, 'translation', module.default, true, false);
  loaded.add(code);
}

/** True once the current locale's later texts are in; follows a change of language. */
export function useLaterTexts(): boolean {
  const { i18n } = useTranslation();
  const code = isLocaleCode(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const [ready, setReady] = useState(() => loaded.has(code));
  const [readyFor, setReadyFor] = useState(code);
  if (readyFor !== code) {
    setReadyFor(code);
    setReady(loaded.has(code));
  }
  useEffect(() => {
    let live = true;
    void loadLaterTexts(code).then(
      () => live && setReady(true),
      () => undefined, // a chunk that failed loads on the next mount
    );
    return () => {
      live = false;
    };
  }, [code]);
  return ready;
}
