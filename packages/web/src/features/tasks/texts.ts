import i18next from 'i18next';
import type { LocaleCode } from '@parley/protocol/locales';

// The Tasks panel's texts (and the server's task messages, TASK_MSG) are a
// catalogue of their own per locale, loaded with the panel: the first
// screen's catalogue keeps only the header button's and the message menu's
// words. They join the app's one `translation` bundle, so t() reads them
// like any other text.

type Catalogue = Record<string, string>;

const loaders: Record<LocaleCode, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./locales/tasks-en.json'),
  ru: () => import('./locales/tasks-ru.json'),
  am: () => import('./locales/tasks-am.json'),
  fr: () => import('./locales/tasks-fr.json'),
};

const loaded = new Set<LocaleCode>();
const listeners = new Set<() => void>();
let version = 0;

async function load(code: string): Promise<void> {
  if (!(code in loaders) || loaded.has(code as LocaleCode)) return;
  const module = await loaders[code as LocaleCode]();
  i18next.addResourceBundle(code, 'translation', module.default, true, false);
  loaded.add(code as LocaleCode);
  version += 1;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the panel renders again once a catalogue arrived. */
export const taskTexts = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  version: () => version,
};

/** Loads the texts of the current locale; a later change of language loads that one's too. */
export async function loadTaskTexts(): Promise<void> {
  await load(i18next.language);
}

// A catalogue switched to later: the panel's texts follow it before it renders again.
i18next.on('languageChanged', (code) => void load(code));
