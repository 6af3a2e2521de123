import { useEffect, useState } from 'react';
import i18next from 'i18next';
import { isLocaleCode } from '@parley/protocol/locales';
import type { LocaleCode } from '@parley/protocol/locales';

// The console's own texts (admin.* keys) live in catalogues of their own,
// loaded with this chunk: only administrators ever need them, so the
// catalogue every user loads at start does not carry them. They join the
// app's one `translation` namespace, so `t('admin.…')` works as anywhere.

type Catalogue = Record<string, string>;

const loaders: Record<LocaleCode, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./locales/admin-en.json'),
  ru: () => import('./locales/admin-ru.json'),
  am: () => import('./locales/admin-am.json'),
  fr: () => import('./locales/admin-fr.json'),
};

async function load(language: string): Promise<void> {
  if (!isLocaleCode(language)) return;
  if (i18next.exists('admin.server', { lng: language })) return;
  const catalogue = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', catalogue.default, true, false);
}

/** True once the admin texts of the current language are loaded; follows language changes. */
export function useAdminTexts(): boolean {
  const [ready, setReady] = useState(() => i18next.exists('admin.server'));
  useEffect(() => {
    let live = true;
    const follow = (language: string) => {
      setReady(i18next.exists('admin.server', { lng: language }));
      load(language).then(
        () => live && setReady(true),
        () => live && setReady(true), // a failed chunk shows the keys; the console still works
      );
    };
    follow(i18next.language);
    i18next.on('languageChanged', follow);
    return () => {
      live = false;
      i18next.off('languageChanged', follow);
    };
  }, []);
  return ready;
}
