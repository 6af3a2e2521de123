import { create } from 'zustand';
import type { Conversation } from '@parley/protocol/conversation';
import type { ConversationEventFrame, UserEventFrame } from '@parley/protocol/realtime';
import { applyCommitToList } from '@parley/protocol/sync/commits';
import type { LocalCommit } from '@parley/protocol/sync/commits';
import { applyConversationFrame, applyUserFrame } from '@parley/protocol/sync/list-events';
import type { ConversationsOutcome, Self } from '@parley/protocol/sync/list-events';
import { countsInGlobalUnread } from '@parley/protocol/rules/unread';
import {
  clearConversation,
  deleteConversation,
  fetchConversation,
  fetchConversationPage,
  fetchUnreadCount,
  setConversationFlag,
  setPinnedMessage,
} from './api';
import {
  applyClearedConversation,
  applyFlag,
  applyPinnedMessage,
  applyRead,
  emptyConversations,
  removeConversation,
  upsertConversations,
} from '@parley/protocol/sync/list-reducers';
import type { ConversationsState } from '@parley/protocol/sync/list-reducers';

// App store of the conversation list: what the server told us, plus paging.
// Every change goes through a pure reducer of the protocol (sync/): events
// and this device's commits arrive from the one dispatcher (sync/dispatcher.ts).

type Paging = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  nextCursor: string | null;
  loadingMore: boolean;
};

type Actions = {
  loadFirstPage: () => Promise<void>;
  loadMore: () => Promise<void>;
  /** Fetch one conversation (e.g. opened by URL but not on a loaded page); null when unknown. */
  ensure: (id: number) => Promise<Conversation | null>;
  upsert: (list: Conversation[]) => void;
  read: (
    conversationId: number,
    newMessages: number,
    unreadTotal: number,
    lastReadId: number,
  ) => void;
  /** What this device's own call committed (only sync/dispatcher.ts calls this). */
  applyCommit: (commit: LocalCommit) => void;
  /** A realtime conversation event; what it cannot apply is fetched again. */
  applyConversationFrame: (frame: ConversationEventFrame, self: Self | null) => void;
  /** A realtime user event. */
  applyUserFrame: (frame: UserEventFrame) => void;
  /** Fetch these conversations and the global unread count again (coalesced). */
  refetch: (ids: number[]) => void;
  /** `refetch {scope:'user'}`: the first page and the unread count again. */
  refetchAll: () => Promise<void>;
  /** The local cache's copy, put under whatever the network already brought. */
  hydrate: (cached: {
    conversations: Conversation[];
    unreadTotal: number;
    userSeq: number;
  }) => void;
  reset: () => void;
  /** Pin / mute / hide for the caller; the list and the global count follow at once. */
  setFlag: (id: number, flag: 'pin' | 'mute' | 'hide', value: boolean) => Promise<void>;
  /** Clear history for the caller. */
  clear: (id: number) => Promise<void>;
  /** Delete for me. */
  remove: (id: number) => Promise<void>;
  /** Pin a message of the conversation (null unpins). */
  pinMessage: (id: number, messageId: number | null) => Promise<void>;
};

const FLAG_FIELD = { pin: 'pinned', mute: 'muted', hide: 'hidden' } as const;

let refetchIds = new Set<number>();
let refetchTimer: ReturnType<typeof setTimeout> | null = null;
/** Bumped by reset: replies of a previous session are dropped. */
let generation = 0;

const initialPaging: Paging = { status: 'idle', nextCursor: null, loadingMore: false };

export const useConversationStore = create<ConversationsState & Paging & Actions>()((set, get) => {
  const follow = (outcome: ConversationsOutcome) => {
    set(outcome.state);
    if (outcome.refetch.length > 0) get().refetch(outcome.refetch);
  };

  async function runRefetch(ids: number[]): Promise<void> {
    const run = generation;
    const [copies, unread] = await Promise.all([
      Promise.all(ids.map((id) => fetchConversation(id).catch(() => null))),
      fetchUnreadCount().catch(() => null),
    ]);
    if (run !== generation) return;
    set((s) => ({
      ...upsertConversations(
        s,
        copies.filter((c): c is Conversation => c !== null),
      ),
      unreadTotal: unread ?? s.unreadTotal,
    }));
  }

  return {
    ...emptyConversations,
    ...initialPaging,
    loadFirstPage: async () => {
      if (get().status === 'loading') return;
      set({ status: 'loading' });
      const run = generation;
      try {
        const [page, unread] = await Promise.all([fetchConversationPage(null), fetchUnreadCount()]);
        if (run !== generation) return;
        set((s) => ({
          ...upsertConversations(s, page.conversations),
          unreadTotal: unread,
          // The page already shows every user event up to its seq: resume after it.
          userSeq: Math.max(s.userSeq, page.user_seq ?? 0),
          nextCursor: page.next_cursor,
          status: 'ready',
        }));
      } catch {
        set({ status: 'error' });
      }
    },
    loadMore: async () => {
      const { nextCursor, loadingMore } = get();
      if (!nextCursor || loadingMore) return;
      set({ loadingMore: true });
      try {
        const page = await fetchConversationPage(nextCursor);
        set((s) => ({
          ...upsertConversations(s, page.conversations),
          nextCursor: page.next_cursor,
        }));
      } finally {
        set({ loadingMore: false });
      }
    },
    ensure: async (id) => {
      const known = get().byId[id];
      if (known) return known;
      try {
        const conversation = await fetchConversation(id);
        set((s) => upsertConversations(s, [conversation]));
        return conversation;
      } catch {
        return null;
      }
    },
    upsert: (list) => set((s) => upsertConversations(s, list)),
    read: (conversationId, newMessages, unreadTotal, lastReadId) =>
      set((s) => applyRead(s, { conversationId, newMessages, unreadTotal, lastReadId })),
    applyCommit: (commit) => set((s) => applyCommitToList(s, commit)),
    applyConversationFrame: (frame, self) => follow(applyConversationFrame(get(), frame, self)),
    applyUserFrame: (frame) => follow(applyUserFrame(get(), frame)),
    refetch: (ids) => {
      for (const id of ids) refetchIds.add(id);
      refetchTimer ??= setTimeout(() => {
        refetchTimer = null;
        const batch = [...refetchIds];
        refetchIds = new Set();
        void runRefetch(batch);
      }, REFETCH_DELAY_MS);
    },
    refetchAll: async () => {
      set({ status: 'idle' });
      await get().loadFirstPage();
    },
    hydrate: (cached) =>
      set((s) => ({
        ...upsertConversations(
          s,
          cached.conversations.filter((c) => !(c.id in s.byId)),
        ),
        // The network's count wins once it came; the cache's shows until then.
        unreadTotal: s.status === 'ready' ? s.unreadTotal : cached.unreadTotal,
        userSeq: Math.max(s.userSeq, cached.userSeq),
      })),
    reset: () => {
      generation += 1;
      refetchIds = new Set();
      if (refetchTimer !== null) clearTimeout(refetchTimer);
      refetchTimer = null;
      set({ ...emptyConversations, ...initialPaging });
    },
    setFlag: async (id, flag, value) => {
      await setConversationFlag(id, flag, value);
      // The echo (conversation.updated) carries the same change: applied once either way.
      set((s) => applyFlag(s, id, FLAG_FIELD[flag], value));
    },
    clear: async (id) => {
      await clearConversation(id);
      set((s) => applyClearedConversation(s, id));
    },
    remove: async (id) => {
      await deleteConversation(id);
      set((s) => {
        const c = s.byId[id];
        const next = removeConversation(s, id);
        if (!c || !countsInGlobalUnread(c.pivot)) return next;
        return { ...next, unreadTotal: Math.max(0, next.unreadTotal - c.pivot.new_messages) };
      });
    },
    pinMessage: async (id, messageId) => {
      const pinned = await setPinnedMessage(id, messageId);
      set((s) => applyPinnedMessage(s, id, pinned));
    },
  };
});

/** Several events in a row (a resume backlog) make one round of fetches. */
const REFETCH_DELAY_MS = 150;
