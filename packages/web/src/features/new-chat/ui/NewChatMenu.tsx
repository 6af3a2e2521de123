import { useTranslation } from 'react-i18next';
import { moveMenuFocus } from '../../../ui/menu-arrow-keys';
import { useMenuDismiss } from '../../../ui/use-menu-dismiss';
import type { NewChatItem, NewChatKind } from '../items';

/**
 * The "New chat" button's menu: one row per item of the list it is given.
 * The first row takes the focus; arrows move, Enter picks, Escape or a
 * press outside closes. Presentational.
 */
export function NewChatMenu({
  items,
  onPick,
  onClose,
}: {
  items: readonly NewChatItem[];
  onPick: (kind: NewChatKind) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The button toggles the menu itself: a press on it is not "outside".
  const ref = useMenuDismiss(onClose, true);
  return (
    <div
      ref={ref}
      className="new-chat-menu"
      role="menu"
      aria-label={t('newChat.title')}
      data-testid="new-chat-menu"
      onKeyDown={moveMenuFocus}
    >
      {items.map((item) => (
        <button
          key={item.kind}
          type="button"
          role="menuitem"
          className="new-chat-item"
          data-testid={`new-chat-${item.kind}`}
          onClick={() => onPick(item.kind)}
        >
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
            <path d={item.icon} />
          </svg>
          {t(item.label)}
        </button>
      ))}
    </div>
  );
}
