import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol/message';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SelectionBar } from './ui/SelectionBar';

/**
 * The selection bar with its delete confirmation: the same choice as a
 * single message's menu — for me, or for everyone only when that is allowed
 * for every selected message (then offered as a checkbox, as Telegram does).
 */
export function SelectionHeader({
  selected,
  everyone,
  onForward,
  onCopy,
  onDelete,
  onCancel,
}: {
  selected: Message[];
  everyone: boolean;
  onForward: (messages: Message[]) => void;
  onCopy: (messages: Message[]) => Promise<void>;
  onDelete: (messages: Message[], scope: 'me' | 'everyone') => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [forEveryone, setForEveryone] = useState(false);
  const count = selected.length;
  return (
    <SelectionBar
      count={count}
      onForward={() => onForward(selected)}
      onCopy={() => void onCopy(selected).then(onCancel)}
      onDelete={() => {
        setForEveryone(false);
        setConfirming(true);
      }}
      onCancel={onCancel}
    >
      {confirming ? (
        <ConfirmDialog
          text={t('messages.selection.deleteConfirm', { count })}
          confirm={t('messages.selection.delete')}
          onConfirm={() => {
            setConfirming(false);
            void onDelete(selected, everyone && forEveryone ? 'everyone' : 'me').then(onCancel);
          }}
          onClose={() => setConfirming(false)}
        >
          {everyone ? (
            <label className="selection-everyone">
              <input
                type="checkbox"
                checked={forEveryone}
                onChange={(event) => setForEveryone(event.target.checked)}
                data-testid="delete-for-everyone"
              />
              {t('messages.selection.alsoEveryone')}
            </label>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </SelectionBar>
  );
}
