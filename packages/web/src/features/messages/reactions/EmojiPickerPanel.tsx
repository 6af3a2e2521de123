import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Picker } from 'emoji-mart';

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

export default function EmojiPickerPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const { i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const language = i18n.language in I18N ? i18n.language : 'en';

  useEffect(() => {
    const node = host.current;
    if (!node) return;
    const load = I18N[language] ?? I18N.en;
    const picker = new Picker({
      data: async () => (await import('@emoji-mart/data')).default,
      i18n: async () => (await (load as () => Promise<{ default: unknown }>)()).default,
      locale: language,
      set: 'native',
      theme: 'auto',
      autoFocus: true,
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
  }, [language]);

  return <div ref={host} className="emoji-panel" data-testid="emoji-panel" />;
}
