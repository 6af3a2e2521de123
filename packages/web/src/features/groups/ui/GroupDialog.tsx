import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame the group dialogs share (create, add members): a backdrop that
 * closes on a click, a modal with its title and ×, and Escape to close.
 * Escape is taken in the capture phase and stopped there, so it closes only
 * the topmost dialog: add-members sits over the info panel, which closes on
 * Escape as well. Presentational.
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
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  return (
    <div
      className={backdropClassName ? `dialog-backdrop ${backdropClassName}` : 'dialog-backdrop'}
      onClick={onClose}
    >
      <div
        className="dialog group-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
      >
        <header className="dialog-header">
          <h2>{title}</h2>
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
      </div>
    </div>
  );
}
