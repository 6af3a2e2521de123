import './reactions.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_REACTIONS } from '@parley/protocol/reactions';
import { EmojiPickerPopover } from './EmojiPickerPopover';

// The quick reactions at the top of a message's menu (desktop: right click
// or the ⋯ button; phone: the ⋯ button or a long press), and "more" for any
// emoji from the picker. The one that is mine is pressed: picking it again
// takes it back.

export function ReactionBar({
  mine,
  onPick,
}: {
  mine: string | null;
  onPick: (emoji: string) => void;
}) {
  const { t } = useTranslation();
  const [picker, setPicker] = useState(false);
  return (
    <div className="reaction-bar" role="group" aria-label={t('reactions.react')}>
      {QUICK_REACTIONS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          role="menuitem"
          className={`reaction-quick${mine === emoji ? ' is-mine' : ''}`}
          aria-pressed={mine === emoji}
          data-testid="reaction-quick"
          data-emoji={emoji}
          onClick={() => onPick(emoji)}
        >
          {emoji}
        </button>
      ))}
      <button
        type="button"
        role="menuitem"
        className="reaction-quick reaction-more"
        aria-label={t('reactions.more')}
        title={t('reactions.more')}
        aria-expanded={picker}
        data-testid="reaction-more"
        onClick={() => setPicker(true)}
      >
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M12 5v14M5 12h14" />
        </svg>
      </button>
      {picker ? (
        <EmojiPickerPopover
          className="is-centred"
          onPick={(emoji) => {
            setPicker(false);
            onPick(emoji);
          }}
          onClose={() => setPicker(false)}
        />
      ) : null}
    </div>
  );
}
