import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog } from './Dialog';

/**
 * Asks before an action (danger: one that cannot be undone); the confirm
 * button takes the focus, Escape or Cancel leave everything as it was. With
 * `cancel={null}` it only informs (an alert with one button).
 */
export function ConfirmDialog({
  text,
  confirm,
  onConfirm,
  onClose,
  variant = 'danger',
  cancel,
  children,
}: {
  text: string;
  confirm: string;
  onConfirm: () => void;
  onClose: () => void;
  variant?: 'danger' | 'primary';
  /** The cancel button's text; null: no cancel button. */
  cancel?: string | null;
  /** Shown under the text (e.g. the address a link goes to). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <Dialog
      role="alertdialog"
      className="dialog confirm-dialog"
      backdropClassName="confirm-backdrop"
      labelledBy={textId}
      onClose={onClose}
      testId="confirm-dialog"
    >
      <p id={textId} className="confirm-text">
        {text}
      </p>
      {children}
      <div className="confirm-buttons">
        {cancel === null ? null : (
          <Button variant="ghost" onClick={onClose} data-testid="confirm-cancel">
            {cancel ?? t('messages.cancel')}
          </Button>
        )}
        {/* The answer takes focus: Enter confirms, Escape cancels. */}
        <Button variant={variant} onClick={onConfirm} data-testid="confirm-ok" autoFocus>
          {confirm}
        </Button>
      </div>
    </Dialog>
  );
}
