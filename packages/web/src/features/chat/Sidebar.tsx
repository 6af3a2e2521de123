import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../ui/Logo';
import { matchesQuery } from './conversation-item';
import type { ConversationListItem } from './conversation-item';
import { ConversationList } from './ConversationList';
import { useSidebarStore } from './sidebar-store';
import { UserMenu } from './UserMenu';

export function Sidebar({
  items,
  loading,
  activeId,
}: {
  items: ConversationListItem[];
  loading: boolean;
  activeId: number | null;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const collapsed = useSidebarStore((s) => s.collapsed);
  const toggle = useSidebarStore((s) => s.toggle);
  const visible = items.filter((item) => matchesQuery(item, query));

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
        />
      </div>
      <ConversationList
        items={visible}
        activeId={activeId}
        loading={loading}
        searching={query.trim() !== ''}
      />
    </aside>
  );
}
