import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyboardOptions } from '@parley/protocol/bot-markup';
import type { Keyboard } from '@parley/protocol/conversation';

/**
 * Spec 4 Keyboard: the custom keyboard on this user's pivot, rows of buttons
 * above the composer; a tap sends the button's text as a message. It can be
 * folded away (typing stays possible) and brought back.
 *
 * A bot's keyboard has options (Telegram's ReplyKeyboardMarkup): one_time
 * folds it after a tap (the server keeps it; the toggle brings it back),
 * resize sizes the keys to their text instead of the taller default.
 * Mount it with a key of the keyboard's content so a new one opens again.
 */
export function CustomKeyboard({
  keyboard,
  options,
  onPress,
}: {
  keyboard: Keyboard;
  options?: KeyboardOptions | null;
  onPress: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const sized = options ? (options.resize ? ' is-resized' : ' is-tall') : '';
  return (
    <div className={`custom-keyboard${sized}`} data-testid="custom-keyboard">
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
                  onClick={() => {
                    if (options?.one_time) setOpen(false);
                    onPress(text);
                  }}
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
