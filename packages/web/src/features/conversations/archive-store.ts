import { create } from 'zustand';
import { useSessionStore } from '../auth/session-store';
import { fetchArchivePage } from './api';
import { useConversationStore } from './store';

// App store of the archive (the hidden chats, protocol rules/archive.ts):
// whether the sidebar shows it instead of the list, and its paging. The
// conversations themselves stay in the conversation store, like a folder
// tab's; the archive is a filter over it, loaded by its own list call
// (`hidden_only=1`) since the list's pages leave hidden chats out.

type ArchiveState = {
  /** The sidebar shows the archive instead of the list. */
  open: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  nextCursor: string | null;
  loadingMore: boolean;
  /** The first page again (after the list's own first page: the row needs to know). */
  load: () => Promise<void>;
  loadMore: () => Promise<void>;
  setOpen: (open: boolean) => void;
  reset: () => void;
};

const initial = { open: false, status: 'idle' as const, nextCursor: null, loadingMore: false };

/** Bumped by reset: replies of a previous session are dropped. */
let generation = 0;

export const useArchiveStore = create<ArchiveState>()((set, get) => ({
  ...initial,
  load: async () => {
    if (get().status === 'loading') return;
    set({ status: 'loading' });
    const run = generation;
    try {
      const page = await fetchArchivePage(null);
      if (run !== generation) return;
      // Its user_seq is left alone: this page reflects the user events up to
      // it only for hidden chats, so resuming after it could skip the others'.
      useConversationStore.getState().upsert(page.conversations);
      set({ status: 'ready', nextCursor: page.next_cursor });
    } catch {
      if (run === generation) set({ status: 'error' });
    }
  },
  loadMore: async () => {
    const { nextCursor, loadingMore } = get();
    if (!nextCursor || loadingMore) return;
    set({ loadingMore: true });
    const run = generation;
    try {
      const page = await fetchArchivePage(nextCursor);
      if (run !== generation) return;
      useConversationStore.getState().upsert(page.conversations);
      set({ nextCursor: page.next_cursor });
    } finally {
      if (run === generation) set({ loadingMore: false });
    }
  },
  setOpen: (open) => set({ open }),
  reset: () => {
    generation += 1;
    set(initial);
  },
}));

// Signed out: nothing of this user's archive stays in memory.
useSessionStore.subscribe((state, previous) => {
  if (previous.authenticated && !state.authenticated) useArchiveStore.getState().reset();
});
