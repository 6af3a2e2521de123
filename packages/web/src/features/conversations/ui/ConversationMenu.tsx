import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol/conversation';
import { useMenuDismiss } from '../../../ui/use-menu-dismiss';

export type ConversationAction =
  | 'info'
  | 'pin'
  | 'unpin'
  | 'mute'
  | 'unmute'
  | 'folder'
  | 'hide'
  | 'unhide'
  | 'block'
  | 'unblock'
  | 'clear'
  | 'delete';

/**
 * What the menu offers for this conversation (System: no clear or delete;
 * groups and channels: info; a hidden one: back to the list; a direct chat
 * with a person or a bot: block or unblock).
 */
export function conversationActions(c: Conversation): ConversationAction[] {
  const actions: ConversationAction[] = [
    ...(c.is_group || c.is_channel ? (['info'] as const) : []),
    c.pivot.pinned ? 'unpin' : 'pin',
    c.pivot.muted ? 'unmute' : 'mute',
    'folder',
    c.pivot.hidden ? 'unhide' : 'hide',
  ];
  if (c.type === 'direct' && c.friend && !c.is_saved && !c.is_system) {
    actions.push(c.pivot.blocked ? 'unblock' : 'block');
  }
  if (!c.is_system) actions.push('clear', 'delete');
  return actions;
}

/** The context menu of one conversation, placed at the pointer; closes on outside click or Escape. */
export function ConversationMenu({
  x,
  y,
  actions,
  onPick,
  onClose,
}: {
  x: number;
  y: number;
  actions: ConversationAction[];
  onPick: (action: ConversationAction) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useMenuDismiss(onClose);
  const left = Math.max(8, Math.min(x, window.innerWidth - 220));
  const top = Math.max(8, Math.min(y, window.innerHeight - actions.length * 40 - 16));
  return (
    <div
      ref={ref}
      className="msg-menu"
      role="menu"
      aria-label={t('conversations.actions')}
      style={{ left, top }}
      data-testid="conversation-actions"
    >
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          role="menuitem"
          className={`user-menu-item${action === 'clear' || action === 'delete' || action === 'block' ? ' is-danger' : ''}`}
          data-testid={`conversation-action-${action}`}
          onClick={() => onPick(action)}
        >
          {t(`conversations.action.${action}`)}
        </button>
      ))}
    </div>
  );
}
