import { useTranslation } from 'react-i18next';

/**
 * The history's floating buttons (Telegram's): "to the newest" with the
 * chat's unread count whenever the view is away from the bottom, and above it
 * "first unread" when the reader scrolled back above where they stopped
 * reading. Plain buttons: Tab reaches them, Enter and Space press them.
 */
export function JumpButtons(props: {
  toBottom: boolean;
  firstUnread: boolean;
  unread: number;
  onToBottom: () => void;
  onToFirstUnread: () => void;
}) {
  const { t } = useTranslation();
  if (!props.toBottom && !props.firstUnread) return null;
  return (
    <div className="msg-jumps">
      {props.firstUnread ? (
        <button
          type="button"
          className="msg-jump-unread"
          onClick={props.onToFirstUnread}
          aria-label={t('messages.toFirstUnreadLabel')}
          title={t('messages.toFirstUnreadLabel')}
          data-testid="jump-first-unread"
        >
          <svg
            viewBox="0 0 24 24"
            width="16"
            height="16"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M12 5v13M6 12l6 6 6-6" />
          </svg>
          <span>{t('messages.toFirstUnread')}</span>
        </button>
      ) : null}
      {props.toBottom ? (
        <button
          type="button"
          className="msg-to-bottom"
          onClick={props.onToBottom}
          aria-label={
            props.unread > 0
              ? t('messages.toBottomUnread', { count: props.unread })
              : t('messages.toBottom')
          }
          title={t('messages.toBottom')}
          data-testid="scroll-to-bottom"
        >
          <svg
            viewBox="0 0 24 24"
            width="22"
            height="22"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="m6 9 6 6 6-6" />
          </svg>
          {props.unread > 0 ? (
            <span className="conv-badge" data-testid="scroll-to-bottom-badge">
              {props.unread}
            </span>
          ) : null}
        </button>
      ) : null}
    </div>
  );
}
