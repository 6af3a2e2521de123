import { Suspense } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../../lib/lazy';
import { Spinner } from '../../../ui/Spinner';
import type { ConversationListItem } from '../list-item';
import { ConversationListRow } from './ConversationListRow';

// The virtualiser (react-virtuoso, about 20 KB gzip) is not part of the chat
// screen's first load: until its chunk is in, the list is its first rows as
// plain elements, which is all the first paint shows anyway.
const VirtualConversationList = lazyPage(
  () => import('./VirtualConversationList'),
  'VirtualConversationList',
);

export type ConversationListProps = {
  items: ConversationListItem[];
  activeId: number | null;
  loading: boolean;
  /** The search box has text: an empty list then means "no results", not "no chats". */
  searching: boolean;
  /** Scrolled near the end: the container loads the next page. */
  onEndReached?: () => void;
  /** Right-click on a row: the container opens the conversation menu. */
  onMenu?: (id: number, event: MouseEvent) => void;
};

/** A tall window's worth of 64 px rows. */
const FIRST_RENDER_ROWS = 20;

/** Presentational: rows in, clicks out. Virtualised, so thousands of chats stay smooth. */
export function ConversationList({
  items,
  activeId,
  loading,
  searching,
  onEndReached,
  onMenu,
}: ConversationListProps) {
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
  const label = t('chat.conversations');
  const initialRows = Math.min(items.length, FIRST_RENDER_ROWS);
  const firstRows = (
    <div className="conv-list" role="list" aria-label={label}>
      {items.slice(0, initialRows).map((item) => (
        <ConversationListRow
          key={item.id}
          item={item}
          active={item.id === activeId}
          onMenu={onMenu}
        />
      ))}
    </div>
  );
  return (
    <Suspense fallback={firstRows}>
      <VirtualConversationList
        items={items}
        activeId={activeId}
        label={label}
        initialRows={initialRows}
        onEndReached={onEndReached}
        onMenu={onMenu}
      />
    </Suspense>
  );
}
