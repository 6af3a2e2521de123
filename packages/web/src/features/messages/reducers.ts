import type { AttachedFile } from '@parley/protocol/file';
import type { HistoryReply, Message, MessageRef } from '@parley/protocol/message';
import { mergeMessages } from '@parley/protocol/sync/history';
import type { HistoryState, HistoryThread } from '@parley/protocol/sync/history';

// Pure state changes of loaded pages and of the optimistic pending list
// (style guide: a pending list keyed by the client uuid, dropped on commit).
// Events on history (new, edited, deleted, viewed…) are the protocol's
// appliers (protocol sync/history.ts), shared with the server's suites.

export type Thread = HistoryThread & {
  hasOlder: boolean;
  /** Virtuoso's index of the first item; lowered by each prepended page so the view stays put. */
  firstItemIndex: number;
};

export type PendingMessage = {
  uuid: string;
  conversationId: number;
  text: string;
  parent: MessageRef | null;
  /** An uploaded file this message carries (sent as file_id). Absent in older queued messages. */
  file?: AttachedFile | null;
  createdAt: string;
  /**
   * Set when the server refused the send; the message then offers a retry
   * with the same uuid. A send that got no answer (offline) keeps null: it
   * stays queued and goes again, same uuid, when the connection is back.
   */
  error: string | null;
};

export type MessagesState = HistoryState<Thread, PendingMessage>;

export const FIRST_INDEX = 1_000_000;
export const emptyMessages: MessagesState = { threads: {}, pending: {} };

function withThread(state: MessagesState, id: number, thread: Thread): MessagesState {
  return { ...state, threads: { ...state.threads, [id]: thread } };
}

export type PageMode = 'latest' | 'older' | 'newer' | 'around';

/** A history page. latest / around replace the window; older / newer extend it. */
export function applyPage(
  state: MessagesState,
  conversationId: number,
  page: HistoryReply,
  mode: PageMode,
): MessagesState {
  const current = state.threads[conversationId];
  if (!current || mode === 'latest' || mode === 'around') {
    return withThread(state, conversationId, {
      messages: mergeMessages([], page.messages),
      hasOlder: page.has_older,
      hasNewer: page.has_newer,
      firstItemIndex: FIRST_INDEX,
    });
  }
  const messages = mergeMessages(current.messages, page.messages);
  if (mode === 'older') {
    const added = messages.length - current.messages.length;
    return withThread(state, conversationId, {
      ...current,
      messages,
      hasOlder: page.has_older,
      firstItemIndex: current.firstItemIndex - added,
    });
  }
  return withThread(state, conversationId, { ...current, messages, hasNewer: page.has_newer });
}

export function addPending(state: MessagesState, pending: PendingMessage): MessagesState {
  return { ...state, pending: { ...state.pending, [pending.uuid]: pending } };
}

export function failPending(state: MessagesState, uuid: string, error: string): MessagesState {
  const p = state.pending[uuid];
  if (!p) return state;
  return { ...state, pending: { ...state.pending, [uuid]: { ...p, error } } };
}

export function retryPending(state: MessagesState, uuid: string): MessagesState {
  const p = state.pending[uuid];
  if (!p || p.error === null) return state;
  return { ...state, pending: { ...state.pending, [uuid]: { ...p, error: null } } };
}

/** Cached history (IndexedDB) for conversations not loaded from the network yet. */
export function hydrateThreads(
  state: MessagesState,
  cached: { conversationId: number; messages: Message[] }[],
  pending: PendingMessage[],
): MessagesState {
  const threads = { ...state.threads };
  for (const c of cached) {
    if (threads[c.conversationId]) continue;
    threads[c.conversationId] = {
      messages: mergeMessages([], c.messages),
      hasOlder: true,
      hasNewer: false,
      firstItemIndex: FIRST_INDEX,
    };
  }
  const next = { ...state.pending };
  for (const p of pending) next[p.uuid] ??= p;
  return { threads, pending: next };
}

/** The pending messages of one conversation, oldest first. */
export function pendingOf(state: MessagesState, conversationId: number): PendingMessage[] {
  return Object.values(state.pending)
    .filter((p) => p.conversationId === conversationId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
