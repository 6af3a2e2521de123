import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Keyboard } from '@parley/protocol/conversation';

/**
 * Spec 4 Keyboard: the custom keyboard on this user's pivot, rows of buttons
 * above the composer; a tap sends the button's text as a message. It can be
 * folded away (typing stays possible) and brought back.
 */
export function CustomKeyboard({
  keyboard,
  onPress,
}: {
  keyboard: Keyboard;
  onPress: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <div className="custom-keyboard" data-testid="custom-keyboard">
      <button
        type="button"
        className="custom-keyboard-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {t(open ? 'messages.keyboard.hide' : 'messages.keyboard.show')}
      </button>
      {open ? (
        <div
          role="group"
          aria-label={t('messages.keyboard.label')}
          className="custom-keyboard-rows"
        >
          {keyboard.map((row, r) => (
            <div className="custom-keyboard-row" key={r}>
              {row.map((text, b) => (
                <button
                  type="button"
                  key={`${r}-${b}`}
                  className="custom-keyboard-key"
                  onClick={() => onPress(text)}
                >
                  {text}
                </button>
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
