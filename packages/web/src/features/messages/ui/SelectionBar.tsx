import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './selection.css';

/** Stroke icons of the bar's actions (24×24 grid). */
const ICONS = {
  copy: 'M9 9h10v11H9zM5 15V4h10',
  forward: 'M14 5l7 7-7 7M21 12H9a6 6 0 0 0-6 6',
  delete: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
};

function Icon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

function BarButton({
  action,
  label,
  danger = false,
  onClick,
}: {
  action: keyof typeof ICONS;
  label: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`selection-action${danger ? ' is-danger' : ''}`}
      onClick={onClick}
      title={label}
      data-testid={`selection-${action}`}
    >
      <Icon path={ICONS[action]} />
      {/* On a phone only the icon shows; the label stays for screen readers. */}
      <span className="selection-action-label">{label}</span>
    </button>
  );
}

/**
 * Selection mode's bar, in place of the chat header: how many messages are
 * selected, and what to do with them. Presentational: every action is a prop.
 */
export function SelectionBar({
  count,
  onForward,
  onCopy,
  onDelete,
  onCancel,
  children,
}: {
  count: number;
  onForward: () => void;
  onCopy: () => void;
  onDelete: () => void;
  onCancel: () => void;
  /** Under the bar: its dialog (the delete confirmation). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header
      className="chat-pane-header selection-bar"
      role="toolbar"
      aria-label={t('messages.selection.label')}
      data-testid="selection-bar"
    >
      <button
        type="button"
        className="icon-button selection-cancel"
        onClick={onCancel}
        aria-label={t('messages.selection.cancel')}
        title={t('messages.selection.cancel')}
        data-testid="selection-cancel"
      >
        ×
      </button>
      <strong className="selection-count" aria-live="polite" data-testid="selection-count">
        {t('messages.selection.count', { count })}
      </strong>
      <div className="selection-actions">
        <BarButton action="copy" label={t('messages.selection.copy')} onClick={onCopy} />
        <BarButton action="forward" label={t('messages.action.forward')} onClick={onForward} />
        <BarButton
          action="delete"
          label={t('messages.selection.delete')}
          danger
          onClick={onDelete}
        />
      </div>
      {children}
    </header>
  );
}
