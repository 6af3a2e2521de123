import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar';
import { Spinner } from '../../ui/Spinner';
import type { ConversationListItem } from './conversation-item';

export type ConversationListProps = {
  items: ConversationListItem[];
  activeId: number | null;
  loading: boolean;
  /** The search box has text: an empty list then means "no results", not "no chats". */
  searching: boolean;
};

export function ConversationList({ items, activeId, loading, searching }: ConversationListProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="conv-empty">
        <Spinner size={32} />
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="conv-empty" data-testid="conversations-empty">
        <svg
          viewBox="0 0 24 24"
          width="40"
          height="40"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M4 5h16v11H8l-4 4z" strokeLinejoin="round" />
        </svg>
        <p className="conv-empty-title">
          {searching ? t('chat.noResults') : t('chat.noConversations')}
        </p>
        {searching ? null : <p className="conv-empty-hint">{t('chat.noConversationsHint')}</p>}
      </div>
    );
  }
  return (
    <ul className="conv-list" aria-label={t('chat.conversations')}>
      {items.map((item) => (
        <li key={item.id}>
          <Link
            to={`/chat/${item.id}`}
            className={`conv-row${item.id === activeId ? ' is-active' : ''}`}
            aria-current={item.id === activeId ? 'page' : undefined}
            title={item.title}
          >
            <Avatar id={item.id} name={item.title} src={item.avatar} size={48} />
            <span className="conv-main">
              <span className="conv-top">
                <span className="conv-title">{item.title}</span>
                <span className="conv-time">{item.time}</span>
              </span>
              <span className="conv-bottom">
                <span className="conv-preview">{item.preview}</span>
                {item.unread > 0 ? (
                  <span className={`conv-badge${item.muted ? ' is-muted' : ''}`}>
                    {item.unread}
                  </span>
                ) : null}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
