import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuDismiss } from '../../../ui/use-menu-dismiss';

export type MessageAction =
  | 'reply'
  | 'edit'
  | 'copy'
  | 'copy-link'
  | 'forward'
  | 'pin'
  | 'task'
  | 'select'
  | 'delete-me'
  | 'delete-everyone';

/** The context menu of one message, placed at the pointer; closes on outside click or Escape. */
export function MessageMenu({
  x,
  y,
  own,
  canPin = false,
  canTask = false,
  canCopy = false,
  canCopyLink = false,
  canSelect = false,
  header,
  onPick,
  onClose,
}: {
  x: number;
  y: number;
  own: boolean;
  /** Offer "Pin message" (not in the read-only System chat). */
  canPin?: boolean;
  /** Offer "Create task from message" (tasks on, and the viewer may create tasks). */
  canTask?: boolean;
  /** Offer "Copy text" (the message has text). */
  canCopy?: boolean;
  /** Offer "Copy link" (the message has a link). */
  canCopyLink?: boolean;
  /** Offer "Select" (selection mode; not for service lines or in System). */
  canSelect?: boolean;
  /** Above the actions: the quick reactions. */
  header?: ReactNode;
  onPick: (action: MessageAction) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useMenuDismiss(onClose);
  const actions: MessageAction[] = [
    'reply',
    ...(own ? (['edit'] as const) : []),
    ...(canCopy ? (['copy'] as const) : []),
    ...(canCopyLink ? (['copy-link'] as const) : []),
    'forward',
    ...(canPin ? (['pin'] as const) : []),
    ...(canTask ? (['task'] as const) : []),
    ...(canSelect ? (['select'] as const) : []),
    'delete-me',
    ...(own ? (['delete-everyone'] as const) : []),
  ];
  // With the quick reactions on top the menu is wider (one row of them) and taller.
  const left = Math.max(8, Math.min(x, window.innerWidth - (header ? 344 : 220)));
  const top = Math.max(
    8,
    Math.min(y, window.innerHeight - actions.length * 40 - (header ? 72 : 16)),
  );
  return (
    <div
      ref={ref}
      className="msg-menu"
      role="menu"
      style={{ left, top }}
      data-testid="message-actions"
    >
      {header}
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          role="menuitem"
          className={`user-menu-item${action.startsWith('delete') ? ' is-danger' : ''}`}
          data-testid={`action-${action}`}
          onClick={() => onPick(action)}
        >
          {t(`messages.action.${action}`)}
        </button>
      ))}
    </div>
  );
}
