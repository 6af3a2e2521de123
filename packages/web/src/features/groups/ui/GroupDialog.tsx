import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog';

/**
 * The frame the group dialogs share (create, add members, new chat): the
 * modal (ui/Dialog: focus, Escape, backdrop) with its title and ×. Only the
 * topmost dialog answers Escape: add-members sits over the info panel.
 * Presentational.
 */
export function GroupDialog({
  title,
  testId,
  backdropClassName,
  onClose,
  children,
}: {
  /** Already translated. */
  title: string;
  testId: string;
  /** Added to the backdrop's class (a dialog stacked over a panel needs its own layer). */
  backdropClassName?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      className="dialog group-dialog"
      backdropClassName={backdropClassName}
      labelledBy={titleId}
      testId={testId}
      onClose={onClose}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('settings.close')}
        >
          ×
        </button>
      </header>
      {children}
    </Dialog>
  );
}
