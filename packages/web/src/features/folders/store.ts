import { create } from 'zustand';
import type { Folder, FolderList } from '@parley/protocol/folder';
import type { UserEventFrame } from '@parley/protocol/realtime';
import { readStorage, writeStorage } from '../../lib/storage';
import { accessTokenUserId } from '../../lib/tokens';
import { useSessionStore } from '../auth/session-store';
import { applyFolderIds } from '@parley/protocol/sync/list-reducers';
import { useConversationStore } from '../conversations/store';
import {
  assignFolder,
  createFolder,
  deleteFolder,
  fetchFolderPage,
  fetchFolders,
  renameFolder,
  reorderFolders,
} from './api';

// App store of the user's folders: the list (as new as the highest user_seq
// seen), the selected tab (kept per user in localStorage; the spec names no
// key for it), and the paging of each folder's tab. The conversations
// themselves stay in the conversation store; a tab is a filter over it.

type Paging = { nextCursor: string | null; loading: boolean };

type FolderState = {
  folders: Folder[];
  /** user_seq the list reflects: an event at or below it is already in. */
  seq: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The chosen tab; null is "All". */
  selected: number | null;
  pages: Record<number, Paging>;
  editorOpen: boolean;
  load: () => Promise<void>;
  /** A reply or an event: the list as of `user_seq`. */
  accept: (list: FolderList) => void;
  applyFrame: (frame: UserEventFrame) => void;
  select: (id: number | null) => void;
  loadMore: () => void;
  create: (name: string) => Promise<Folder | null>;
  rename: (id: number, name: string) => Promise<void>;
  remove: (id: number) => Promise<void>;
  /** One place up (−1) or down (+1). */
  move: (id: number, delta: -1 | 1) => Promise<void>;
  assign: (conversationId: number, folderId: number | null) => Promise<void>;
  setEditorOpen: (open: boolean) => void;
  reset: () => void;
};

const selectedKey = (userId: number | null) => `parley.folder.${userId ?? 'anon'}`;

function readSelected(): number | null {
  const id = Number(readStorage(selectedKey(accessTokenUserId())));
  return Number.isInteger(id) && id > 0 ? id : null;
}

const initial = { folders: [], seq: 0, status: 'idle' as const, pages: {}, editorOpen: false };

export const useFolderStore = create<FolderState>()((set, get) => {
  /** The first page of a folder's tab, once per session (later ones come by scrolling). */
  async function loadPage(folderId: number, first: boolean): Promise<void> {
    const held = get().pages[folderId];
    if (held?.loading || (first && held) || (!first && !held?.nextCursor)) return;
    set((s) => ({
      pages: { ...s.pages, [folderId]: { nextCursor: held?.nextCursor ?? null, loading: true } },
    }));
    try {
      const page = await fetchFolderPage(folderId, first ? null : (held?.nextCursor ?? null));
      useConversationStore.getState().upsert(page.conversations);
      set((s) => ({
        pages: { ...s.pages, [folderId]: { nextCursor: page.next_cursor, loading: false } },
      }));
    } catch {
      set((s) => {
        const pages = { ...s.pages };
        delete pages[folderId];
        return { pages };
      });
    }
  }

  return {
    ...initial,
    selected: readSelected(),
    load: async () => {
      if (get().status === 'loading') return;
      // The tab of whoever is signed in now (after a sign-out and in, someone else's).
      set((s) => ({
        status: 'loading',
        selected: s.status === 'idle' ? readSelected() : s.selected,
      }));
      try {
        get().accept(await fetchFolders());
        set({ status: 'ready' });
        const selected = get().selected;
        if (selected !== null) void loadPage(selected, true);
      } catch {
        set({ status: 'error' });
      }
    },
    accept: (list) => {
      if (list.user_seq < get().seq) return;
      set({ folders: list.folders, seq: list.user_seq });
      // Links to a folder just deleted leave it here too (the server cleared them).
      const ids = new Set(list.folders.map((f) => f.id));
      useConversationStore.setState((s) => applyFolderIds(s, ids));
    },
    applyFrame: (frame) => {
      if (frame.type !== 'folders.changed' || frame.seq <= get().seq) return;
      get().accept({ folders: frame.payload.folders, user_seq: frame.seq });
    },
    select: (id) => {
      writeStorage(selectedKey(accessTokenUserId()), id === null ? null : String(id));
      set({ selected: id });
      if (id !== null) void loadPage(id, true);
    },
    loadMore: () => {
      const selected = get().selected;
      if (selected !== null) void loadPage(selected, false);
    },
    create: async (name) => {
      const reply = await createFolder(name);
      get().accept(reply);
      return reply.folder ?? null;
    },
    rename: async (id, name) => get().accept(await renameFolder(id, name)),
    remove: async (id) => {
      get().accept(await deleteFolder(id));
      if (get().selected === id) get().select(null);
    },
    move: async (id, delta) => {
      const ids = get().folders.map((f) => f.id);
      const from = ids.indexOf(id);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= ids.length) return;
      ids.splice(from, 1);
      ids.splice(to, 0, id);
      get().accept(await reorderFolders(ids));
    },
    assign: async (conversationId, folderId) => {
      const value = await assignFolder(conversationId, folderId);
      // Spec 4: the current conversation and the list's copy are one object here.
      const c = useConversationStore.getState().byId[conversationId];
      if (c)
        useConversationStore.getState().upsert([{ ...c, pivot: { ...c.pivot, folder_id: value } }]);
    },
    setEditorOpen: (open) => set({ editorOpen: open }),
    reset: () => set({ ...initial, selected: readSelected() }),
  };
});

/** The tab whose filter applies: a selection whose folder is gone falls back to All. */
export function effectiveFolder(s: Pick<FolderState, 'selected' | 'folders' | 'status'>) {
  if (s.selected === null) return null;
  if (s.status !== 'ready') return s.selected;
  return s.folders.some((f) => f.id === s.selected) ? s.selected : null;
}

// Signed out: nothing of this user's folders stays in memory.
useSessionStore.subscribe((state, previous) => {
  if (previous.authenticated && !state.authenticated) useFolderStore.getState().reset();
});
