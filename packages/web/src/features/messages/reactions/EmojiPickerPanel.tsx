import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Picker } from 'emoji-mart';
import { useResolvedTheme } from '../../../lib/theme';

// emoji-mart's picker (a custom element) mounted into React. The data set
// and the texts come from the npm package, passed in: emoji-mart fetches
// either from a CDN only when it is not given them, and draws native emoji
// (no sprite images). Locales it has no texts for (Armenian) use English.

const I18N: Record<string, () => Promise<{ default: unknown }>> = {
  en: () => import('@emoji-mart/data/i18n/en.json'),
  ru: () => import('@emoji-mart/data/i18n/ru.json'),
  fr: () => import('@emoji-mart/data/i18n/fr.json'),
};

type Selected = { native?: string };

// WARNING: emoji-mart writes its CSS into a <style> element in the picker's
// shadow root, which the server's CSP (style-src 'self', no 'unsafe-inline')
// refuses: the picker would show unstyled. Its base class's `injectStyles`
// is replaced, once, by one that adopts the same rules as a constructed
// stylesheet (CSSOM, which CSP does not govern; sonner's case is solved at
// build, vite.config.ts). If emoji-mart stops injecting that way, this
// throws on the first open instead of shipping an unstyled picker.
type ShadowBase = { injectStyles?: (this: HTMLElement, styles: string) => void };
const shadowBase = Object.getPrototypeOf(Picker.prototype) as ShadowBase;
if (typeof shadowBase.injectStyles !== 'function') {
  throw new Error('emoji-mart no longer injects its styles as expected');
}
shadowBase.injectStyles = function adopt(this: HTMLElement, styles: string) {
  if (!styles || !this.shadowRoot) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(styles);
  this.shadowRoot.adoptedStyleSheets = [sheet];
};

export function EmojiPickerPanel({
  onPick,
  autoFocus,
}: {
  onPick: (emoji: string) => void;
  /** The search box takes the focus (not where the keyboard is on the screen). */
  autoFocus: boolean;
}) {
  const { i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const language = i18n.language in I18N ? i18n.language : 'en';
  // The app's theme (Settings → Appearance), not only the system's.
  const theme = useResolvedTheme();

  useEffect(() => {
    const node = host.current;
    if (!node) return;
    const load = I18N[language] ?? I18N.en;
    const picker = new Picker({
      data: async () => (await import('@emoji-mart/data')).default,
      i18n: async () => (await (load as () => Promise<{ default: unknown }>)()).default,
      locale: language,
      set: 'native',
      theme,
      autoFocus,
      previewPosition: 'none',
      skinTonePosition: 'search',
      perLine: 8,
      maxFrequentRows: 2,
      onEmojiSelect: (emoji: Selected) => {
        if (emoji.native) pick.current(emoji.native);
      },
    });
    node.replaceChildren(picker as unknown as Node);
    return () => node.replaceChildren();
  }, [language, theme, autoFocus]);

  return <div ref={host} className="emoji-panel" data-testid="emoji-panel" />;
}
