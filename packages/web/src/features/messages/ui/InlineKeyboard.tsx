import { useState } from 'react';
import type { InlineButton } from '@parley/protocol/bot-markup';

/**
 * A bot's inline keyboard under its message (Telegram's
 * InlineKeyboardMarkup): rows of buttons; a callback button shows progress
 * (aria-busy) until `onPress` settles, a url button is marked as a link.
 * Kept tiny: every bot message on the first screen renders it.
 */
export function InlineKeyboard({
  rows,
  onPress,
}: {
  rows: InlineButton[][];
  onPress: (button: InlineButton) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <div className="inline-keyboard" data-testid="inline-keyboard">
      {rows.map((row, r) => (
        <div className="inline-keyboard-row" key={r}>
          {row.map((button, b) => {
            const key = `${r}-${b}`;
            return (
              <button
                type="button"
                key={key}
                className="inline-keyboard-key"
                aria-busy={busy === key}
                disabled={busy !== null}
                onClick={() => {
                  setBusy(key);
                  void onPress(button)
                    .catch(() => undefined)
                    .finally(() => setBusy(null));
                }}
              >
                {button.text}
                {button.url ? <span aria-hidden="true"> ↗</span> : null}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
