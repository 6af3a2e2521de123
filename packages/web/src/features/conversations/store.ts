import { create } from 'zustand';
import type { Conversation, LastMessage } from '@parley/protocol/conversation';
import { applyConversationEvent } from './events';
import type { ConversationEvent } from './events';
import { fetchConversation, fetchConversationPage, fetchUnreadCount } from './api';
import { applyLastMessage, applyRead, emptyConversations, upsertConversations } from './reducers';
import type { ConversationsState } from './reducers';

// App store of the conversation list: what the server told us, plus paging.
// Every change goes through a pure reducer (reducers.ts / events.ts).

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
  lastMessage: (conversationId: number, last: LastMessage) => void;
  dispatch: (event: ConversationEvent) => void;
  reset: () => void;
};

const initialPaging: Paging = { status: 'idle', nextCursor: null, loadingMore: false };

export const useConversationStore = create<ConversationsState & Paging & Actions>()((set, get) => ({
  ...emptyConversations,
  ...initialPaging,
  loadFirstPage: async () => {
    if (get().status === 'loading') return;
    set({ status: 'loading' });
    try {
      const [page, unread] = await Promise.all([fetchConversationPage(null), fetchUnreadCount()]);
      set((s) => ({
        ...upsertConversations(s, page.conversations),
        unreadTotal: unread,
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
  lastMessage: (conversationId, last) => set((s) => applyLastMessage(s, conversationId, last)),
  dispatch: (event) => set((s) => applyConversationEvent(s, event)),
  reset: () => set({ ...emptyConversations, ...initialPaging }),
}));
