import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../lib/lazy';
import { Logo } from '../../ui/Logo';
import { matchesQuery } from '../../features/conversations/list-item';
import { ArchiveHeader, ArchiveRow } from '../../features/conversations/ui/ArchiveRow';
import { ConversationList } from '../../features/conversations/ui/ConversationList';
import { useArchive } from '../../features/conversations/use-archive';
import { useArchiveEscape } from '../../features/conversations/use-archive-escape';
import { useConversationList } from '../../features/conversations/use-conversation-list';
import { FolderTabs } from '../../features/folders/FolderTabs';
import { effectiveFolder, useFolderStore } from '../../features/folders/store';
import { useFolderView } from '../../features/folders/use-folder-view';
import { useInvitationStore } from '../../features/invitations/store';
import { NewChatButton } from '../../features/new-chat/NewChatButton';
import { useSearchBox } from '../../features/search/use-search-box';
import { useConversationMenu } from './conversation-menu-store';
import { useSidebarStore } from './sidebar-store';
import { UserMenu } from './UserMenu';

/** The archive row names this many hidden chats at most (one line shows fewer). */
const ARCHIVE_NAMES = 8;

// Loaded with the first search, not with the chat list.
const SearchPanel = lazyPage(() => import('../../features/search/SearchPanel'), 'SearchPanel');
// Loaded when there is an invitation to show.
const InvitationsBar = lazyPage(
  () => import('../../features/invitations/InvitationsBar'),
  'InvitationsBar',
);

export function Sidebar({ activeId }: { activeId: number | null }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const { items, archived, loading, loadMore } = useConversationList();
  const clearQuery = useCallback(() => setQuery(''), []);
  // Search looks everywhere: the hidden chats too, after the others.
  const searched = useMemo(() => [...items, ...archived], [items, archived]);
  const box = useSearchBox(query, searched, clearQuery);
  const collapsed = useSidebarStore((s) => s.collapsed);
  const toggle = useSidebarStore((s) => s.toggle);
  const openMenu = useConversationMenu((s) => s.open);
  const folderView = useFolderView(items, loadMore);
  const folderId = useFolderStore(effectiveFolder);
  const archive = useArchive(archived);
  const invited = useInvitationStore((s) => s.invitations.length > 0);
  const visible = folderView.items.filter((item) => matchesQuery(item, query));
  const onMenu = (id: number, event: MouseEvent) => {
    event.preventDefault();
    openMenu(id, event.clientX, event.clientY);
  };

  // The keyboard's place follows the view: into the archive, its way back
  // takes the focus; back out, its row does.
  const rowRef = useRef<HTMLButtonElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'row' | 'back' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'back') backRef.current?.focus();
    else if (focusNext.current === 'row') rowRef.current?.focus();
    focusNext.current = null;
  }, [archive.shown]);
  const openArchive = (open: boolean) => {
    focusNext.current = open ? 'back' : 'row';
    archive.setOpen(open);
  };
  const sidebarRef = useRef<HTMLElement>(null);
  useArchiveEscape(archive.shown, sidebarRef, () => openArchive(false));

  return (
    <aside className="sidebar" aria-label={t('chat.conversations')} ref={sidebarRef}>
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
      {archive.shown ? (
        <ArchiveHeader onBack={() => openArchive(false)} backRef={backRef} />
      ) : (
        <FolderTabs />
      )}
      {box.open ? (
        <Suspense fallback={null}>
          <SearchPanel box={box} />
        </Suspense>
      ) : archive.shown ? (
        <section
          className="archive-view"
          aria-label={t('conversations.archive.title')}
          data-testid="archive-view"
        >
          <ConversationList
            items={archived}
            activeId={activeId}
            loading={false}
            searching={false}
            onEndReached={archive.loadMore}
            onMenu={onMenu}
          />
        </section>
      ) : (
        <>
          {invited ? (
            <Suspense fallback={null}>
              <InvitationsBar />
            </Suspense>
          ) : null}
          {/* Telegram's archive row: in "All" only, and only while there is something hidden. */}
          {folderId === null && archive.summary.chats > 0 ? (
            <ArchiveRow
              ref={rowRef}
              names={archived.map((item) => item.title).slice(0, ARCHIVE_NAMES)}
              unreadChats={archive.summary.unreadChats}
              onOpen={() => openArchive(true)}
            />
          ) : null}
          <ConversationList
            items={visible}
            activeId={activeId}
            loading={loading}
            searching={query.trim() !== ''}
            onEndReached={query.trim() === '' ? folderView.loadMore : undefined}
            onMenu={onMenu}
          />
        </>
      )}
      {/* Telegram's pencil: hidden while the search results cover the list. */}
      {box.open ? null : <NewChatButton />}
    </aside>
  );
}
