import { create } from 'zustand';
import type { Conversation } from '@parley/protocol/conversation';
import type { ConversationEventFrame, UserEventFrame } from '@parley/protocol/realtime';
import { applyCommitToList } from '@parley/protocol/sync/commits';
import type { LocalCommit } from '@parley/protocol/sync/commits';
import { applyConversationFrame, applyUserFrame } from '@parley/protocol/sync/list-events';
import type { ConversationsOutcome, Self } from '@parley/protocol/sync/list-events';
import { ApiError } from '../../api/errors';
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
  dropConversation,
  emptyConversations,
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
  /**
   * A realtime conversation event; what it cannot apply is fetched again.
   * Resolves with the conversations that fetch found gone (see refetch).
   */
  applyConversationFrame: (frame: ConversationEventFrame, self: Self | null) => Promise<number[]>;
  /** A realtime user event; resolves as applyConversationFrame does. */
  applyUserFrame: (frame: UserEventFrame) => Promise<number[]>;
  /**
   * Fetch these conversations and the global unread count again (coalesced).
   * One the server answers 404 for is not the user's any more (left,
   * removed or blocked while this device was away): it leaves the list, and
   * the promise resolves with such ids so their history goes too.
   */
  refetch: (ids: number[]) => Promise<number[]>;
  /** Out of the list (the server says it is not the user's): its unread leaves the count. */
  drop: (id: number) => void;
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

/** The refetches waiting for the next round: their ids, and how to tell the callers which are gone. */
type RefetchRound = { ids: Set<number>; settle: (gone: number[]) => void; done: Promise<number[]> };
let round: RefetchRound | null = null;
let refetchTimer: ReturnType<typeof setTimeout> | null = null;
/** Bumped by reset: replies of a previous session are dropped. */
let generation = 0;

const initialPaging: Paging = { status: 'idle', nextCursor: null, loadingMore: false };

export const useConversationStore = create<ConversationsState & Paging & Actions>()((set, get) => {
  const follow = (outcome: ConversationsOutcome): Promise<number[]> => {
    set(outcome.state);
    return get().refetch(outcome.refetch);
  };

  /** One round of fetches; resolves with the ids answered 404 (dropped from the list). */
  async function runRefetch(ids: number[]): Promise<number[]> {
    const run = generation;
    const gone: number[] = [];
    const [copies, unread] = await Promise.all([
      Promise.all(
        ids.map((id) =>
          fetchConversation(id).catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404) gone.push(id);
            return null; // offline or failing: the held copy stays
          }),
        ),
      ),
      fetchUnreadCount().catch(() => null),
    ]);
    if (run !== generation) return [];
    set((s) => {
      const fetched = upsertConversations(
        s,
        copies.filter((c): c is Conversation => c !== null),
      );
      const next = gone.reduce(dropConversation, fetched);
      return { ...next, unreadTotal: unread ?? next.unreadTotal };
    });
    return gone;
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
      if (ids.length === 0) return Promise.resolve([]);
      if (!round) {
        let settle: (gone: number[]) => void = () => undefined;
        const done = new Promise<number[]>((resolve) => (settle = resolve));
        const next: RefetchRound = { ids: new Set(), settle, done };
        round = next;
        refetchTimer = setTimeout(() => {
          refetchTimer = null;
          round = null;
          void runRefetch([...next.ids]).then(next.settle, () => next.settle([]));
        }, REFETCH_DELAY_MS);
      }
      for (const id of ids) round.ids.add(id);
      return round.done.then((gone) => gone.filter((id) => ids.includes(id)));
    },
    drop: (id) => set((s) => dropConversation(s, id)),
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
      round?.settle([]);
      round = null;
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
      set((s) => dropConversation(s, id));
    },
    pinMessage: async (id, messageId) => {
      const pinned = await setPinnedMessage(id, messageId);
      set((s) => applyPinnedMessage(s, id, pinned));
    },
  };
});

/** Several events in a row (a resume backlog) make one round of fetches. */
const REFETCH_DELAY_MS = 150;
