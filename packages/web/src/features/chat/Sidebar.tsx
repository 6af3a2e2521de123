import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../app/lazy';
import { Logo } from '../../ui/Logo';
import { matchesQuery } from '../conversations/list-item';
import { ConversationList } from '../conversations/ui/ConversationList';
import { useConversationList } from '../conversations/use-conversation-list';
import { FolderTabs } from '../folders/FolderTabs';
import { useFolderView } from '../folders/use-folder-view';
import { useSearchBox } from '../search/use-search-box';
import { useConversationMenu } from './ConversationMenuHost';
import { useSidebarStore } from './sidebar-store';
import { UserMenu } from './UserMenu';

// Loaded with the first search, not with the chat list.
const SearchPanel = lazyPage(() => import('../search/SearchPanel'), 'SearchPanel');

export function Sidebar({ activeId }: { activeId: number | null }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const { items, loading, loadMore } = useConversationList();
  const clearQuery = useCallback(() => setQuery(''), []);
  const box = useSearchBox(query, items, clearQuery);
  const collapsed = useSidebarStore((s) => s.collapsed);
  const toggle = useSidebarStore((s) => s.toggle);
  const openMenu = useConversationMenu((s) => s.open);
  const folderView = useFolderView(items, loadMore);
  const visible = folderView.items.filter((item) => matchesQuery(item, query));

  return (
    <aside className="sidebar" aria-label={t('chat.conversations')}>
      <header className="sidebar-header">
        <UserMenu />
        <Logo size={24} />
        <button
          type="button"
          className="icon-button sidebar-toggle"
          onClick={toggle}
          aria-pressed={collapsed}
          aria-label={collapsed ? t('chat.expandSidebar') : t('chat.collapseSidebar')}
          title={collapsed ? t('chat.expandSidebar') : t('chat.collapseSidebar')}
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
          >
            <path d={collapsed ? 'M9 6l6 6-6 6' : 'M15 6l-6 6 6 6'} />
          </svg>
        </button>
      </header>
      <div className="sidebar-search">
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4 4" />
        </svg>
        <input
          type="search"
          name="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('chat.search')}
          aria-label={t('chat.search')}
          {...box.inputProps}
        />
      </div>
      <FolderTabs />
      {box.open ? (
        <Suspense fallback={null}>
          <SearchPanel box={box} />
        </Suspense>
      ) : (
        <ConversationList
          items={visible}
          activeId={activeId}
          loading={loading}
          searching={query.trim() !== ''}
          onEndReached={query.trim() === '' ? folderView.loadMore : undefined}
          onMenu={(id, event) => {
            event.preventDefault();
            openMenu(id, event.clientX, event.clientY);
          }}
        />
      )}
    </aside>
  );
}
