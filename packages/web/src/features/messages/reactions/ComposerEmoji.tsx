import './reactions.css';
import { useState } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { EmojiPickerPopover } from './EmojiPickerPopover';
import { keyboardOnScreen } from './on-screen-keyboard';

// The composer's emoji button: the picker opens above it, and a picked emoji
// goes in at the cursor (replacing a selection); the cursor follows it and
// the text box keeps the focus, so several can be picked in a row. On a
// phone the focus stays off the text box (it would bring the on-screen
// keyboard up over the picker after each emoji).

export function ComposerEmoji({
  area,
  text,
  onChange,
}: {
  area: RefObject<HTMLTextAreaElement | null>;
  text: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  const insert = (emoji: string) => {
    const node = area.current;
    const start = node?.selectionStart ?? text.length;
    const end = node?.selectionEnd ?? text.length;
    onChange(text.slice(0, start) + emoji + text.slice(end));
    const caret = start + emoji.length;
    requestAnimationFrame(() => {
      if (!keyboardOnScreen()) node?.focus();
      node?.setSelectionRange(caret, caret);
    });
  };

  return (
    <span className="composer-emoji-anchor">
      <button
        type="button"
        className="composer-attach composer-emoji"
        aria-label={t('emoji.open')}
        title={t('emoji.open')}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="composer-emoji"
        onClick={() => setOpen((was) => !was)}
      >
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.9"
          strokeLinecap="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0" />
          <path d="M9 9.5h.01M15 9.5h.01" strokeWidth="2.6" />
        </svg>
      </button>
      {open ? (
        <EmojiPickerPopover
          className="is-above"
          withParent
          onPick={insert}
          onClose={() => {
            setOpen(false);
            area.current?.focus();
          }}
        />
      ) : null}
    </span>
  );
}
