import { useEffect, useMemo } from 'react';
import { archiveSummary } from '@parley/protocol/rules/archive';
import type { ArchiveSummary } from '@parley/protocol/rules/archive';
import { useArchiveStore } from './archive-store';
import type { ConversationListItem } from './list-item';
import { useConversationStore } from './store';

/**
 * Container hook of the archive (the hidden chats, protocol rules/archive.ts):
 * its first page after each first page of the list, what its row shows, and
 * whether the sidebar shows it. With no hidden chat left (the last one shown
 * in the list again, here or on another device) the sidebar goes back to
 * the list.
 */
export function useArchive(archived: ConversationListItem[]): {
  shown: boolean;
  summary: ArchiveSummary;
  setOpen: (open: boolean) => void;
  loadMore: () => void;
} {
  const listStatus = useConversationStore((s) => s.status);
  const byId = useConversationStore((s) => s.byId);
  const open = useArchiveStore((s) => s.open);
  const setOpen = useArchiveStore((s) => s.setOpen);
  const load = useArchiveStore((s) => s.load);
  const loadMore = useArchiveStore((s) => s.loadMore);

  // Each time the list got its first page (at start, after a `refetch`).
  useEffect(() => {
    if (listStatus === 'ready') void load();
  }, [listStatus, load]);

  const empty = archived.length === 0;
  useEffect(() => {
    if (open && empty) setOpen(false);
  }, [open, empty, setOpen]);

  const summary = useMemo(() => archiveSummary(Object.values(byId)), [byId]);
  return { shown: open && !empty, summary, setOpen, loadMore: () => void loadMore() };
}
