import { useEffect, useMemo } from 'react';
import { inFolder } from '@parley/protocol/rules/folders';
import { useConversationStore } from '../conversations/store';
import { effectiveFolder, useFolderStore } from './store';

/**
 * Container hook: the list rows the selected folder tab shows, and the
 * "load more" that pages inside that folder (the list call's folder filter)
 * rather than through the whole list.
 */
export function useFolderView<T extends { id: number }>(
  items: T[],
  loadMoreAll: () => void,
): { items: T[]; loadMore: () => void } {
  const byId = useConversationStore((s) => s.byId);
  const folderId = useFolderStore(effectiveFolder);
  const status = useFolderStore((s) => s.status);
  const load = useFolderStore((s) => s.load);
  const loadMoreFolder = useFolderStore((s) => s.loadMore);

  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);

  const visible = useMemo(
    () =>
      folderId === null
        ? items
        : items.filter((item) => {
            const c = byId[item.id];
            return c !== undefined && inFolder(c, folderId);
          }),
    [items, byId, folderId],
  );
  return { items: visible, loadMore: folderId === null ? loadMoreAll : loadMoreFolder };
}
