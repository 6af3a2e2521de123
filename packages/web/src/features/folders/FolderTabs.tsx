import { Suspense, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { folderUnread } from '@parley/protocol/rules/folders';
import { useConversationStore } from '../conversations/store';
import { lazyPage } from '../../lib/lazy';
import { effectiveFolder, useFolderStore } from './store';
import { FolderTabBar } from './ui/FolderTabBar';
import type { FolderTab } from './ui/FolderTabBar';
import './folders.css';

// Loaded when opened: the tabs paint without it.
const FolderEditor = lazyPage(() => import('./FolderEditor'), 'FolderEditor');

/**
 * Container: "All" and the user's folders as tabs over the conversation
 * list, with each folder's unread badge counted over the loaded list, and
 * the folder editor. The filter itself is use-folder-view.ts.
 */
export function FolderTabs() {
  const { t } = useTranslation();
  const folders = useFolderStore((s) => s.folders);
  const selected = useFolderStore(effectiveFolder);
  const select = useFolderStore((s) => s.select);
  const editorOpen = useFolderStore((s) => s.editorOpen);
  const setEditorOpen = useFolderStore((s) => s.setEditorOpen);
  const byId = useConversationStore((s) => s.byId);
  const unreadTotal = useConversationStore((s) => s.unreadTotal);

  const tabs = useMemo<FolderTab[]>(() => {
    // The hidden (archived) ones count in no tab: folderUnread leaves them out.
    const held = Object.values(byId);
    return [
      { id: null, name: t('folders.all'), unread: unreadTotal },
      ...folders.map((f) => ({ id: f.id, name: f.name, unread: folderUnread(held, f.id) })),
    ];
  }, [byId, folders, unreadTotal, t]);

  return (
    <>
      <FolderTabBar
        tabs={tabs}
        selected={selected}
        onSelect={select}
        onEdit={() => setEditorOpen(true)}
      />
      {/* In a portal: the menu's "New folder…" opens it while a phone hides the sidebar. */}
      {editorOpen
        ? createPortal(
            <Suspense fallback={null}>
              <FolderEditor onClose={() => setEditorOpen(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
