import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountBadge } from '../../../ui/AccountBadge';
import type { ConversationListItem } from '../list-item';
import { useDraft } from '../use-draft';
import { ConversationAvatar } from './ConversationAvatar';
import { DraftPreview } from './DraftPreview';

export function ConversationRow({
  item,
  active,
  onMenu,
}: {
  item: ConversationListItem;
  active: boolean;
  onMenu?: (id: number, event: MouseEvent) => void;
}) {
  const { t } = useTranslation();
  const draft = useDraft(item.id);
  return (
    <Link
      to={`/chat/${item.id}`}
      className={`conv-row${active ? ' is-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      title={item.title}
      data-testid={`conversation-${item.id}`}
      data-pinned={item.pinned || undefined}
      data-muted={item.muted || undefined}
      onContextMenu={onMenu ? (event) => onMenu(item.id, event) : undefined}
    >
      <ConversationAvatar
        id={item.avatarId}
        name={item.title}
        src={item.avatar}
        kind={item.avatarKind}
        size={48}
        online={item.online}
        onlineLabel={t('presence.online')}
      />
      <span className="conv-main">
        <span className="conv-top">
          {item.bot || item.official ? (
            <span className="conv-title has-badge">
              <span className="conv-title-text">{item.title}</span>
              <AccountBadge bot={item.bot} official={item.official} />
            </span>
          ) : (
            <span className="conv-title">{item.title}</span>
          )}
          {item.muted ? (
            <span
              className="conv-mark"
              title={t('conversations.muted')}
              aria-label={t('conversations.muted')}
            >
              <svg
                viewBox="0 0 24 24"
                width="14"
                height="14"
                aria-hidden="true"
                fill="currentColor"
              >
                <path d="M4 9h4l5-4v14l-5-4H4z" />
                <path d="m16 9 5 6m0-6-5 6" stroke="currentColor" strokeWidth="1.8" />
              </svg>
            </span>
          ) : null}
          {item.notificationsOff ? (
            <span
              className="conv-mark"
              title={t('groups.notificationsOff')}
              aria-label={t('groups.notificationsOff')}
              data-testid="conversation-notifications-off"
            >
              <svg
                viewBox="0 0 24 24"
                width="14"
                height="14"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              >
                <path d="M6 16v-5a6 6 0 0 1 9.5-4.9M18 11v5l2 2H7m3 2h4M3 3l18 18" />
              </svg>
            </span>
          ) : null}
          <span className="conv-time">{item.time}</span>
        </span>
        <span className="conv-bottom">
          {item.typing ? (
            <span className="conv-preview is-typing" data-testid="conversation-typing">
              {item.typing}
            </span>
          ) : draft !== '' && !active ? (
            <DraftPreview text={draft} />
          ) : (
            <span className="conv-preview" data-testid="conversation-preview">
              {item.preview}
            </span>
          )}
          {item.mentioned ? (
            <span className="conv-mention" aria-label={t('conversations.mentioned')}>
              @
            </span>
          ) : null}
          {item.unread > 0 ? (
            <span
              className={`conv-badge${item.muted ? ' is-muted' : ''}`}
              data-testid="unread-badge"
            >
              {item.unread}
            </span>
          ) : item.pinned ? (
            <span
              className="conv-mark"
              title={t('conversations.pinned')}
              aria-label={t('conversations.pinned')}
            >
              <svg
                viewBox="0 0 24 24"
                width="14"
                height="14"
                aria-hidden="true"
                fill="currentColor"
              >
                <path d="M9 3h6l-1 6 4 4H6l4-4zM11.2 13h1.6v8h-1.6z" />
              </svg>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
