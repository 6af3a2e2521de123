import type { AttachedFile } from '@parley/protocol/file';
import type { HistoryReply, Message, MessageRef } from '@parley/protocol/message';

// Pure state changes of message history and of the optimistic pending list
// (style guide: a pending list keyed by the client uuid, dropped on commit).

export type Thread = {
  /** Confirmed messages, ascending id, no duplicates. */
  messages: Message[];
  hasOlder: boolean;
  hasNewer: boolean;
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

export type MessagesState = {
  threads: Record<number, Thread>;
  pending: Record<string, PendingMessage>;
};

export const FIRST_INDEX = 1_000_000;
export const emptyMessages: MessagesState = { threads: {}, pending: {} };

/** Union by id, ascending; a later copy of the same id wins (edits). */
export function mergeMessages(
  existing: readonly Message[],
  incoming: readonly Message[],
): Message[] {
  const byId = new Map<number, Message>();
  for (const m of existing) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

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

function dropPending(pending: MessagesState['pending'], uuid: string): MessagesState['pending'] {
  if (!(uuid in pending)) return pending;
  const next = { ...pending };
  delete next[uuid];
  return next;
}

/** A message arrived (our confirmed send, or someone else's): into its place by id. */
export function applyMessage(state: MessagesState, message: Message): MessagesState {
  const pending = dropPending(state.pending, message.uuid);
  const thread = state.threads[message.conversation_id];
  // A window away from the newest page (hasNewer) does not show new arrivals.
  if (!thread || (thread.hasNewer && !thread.messages.some((m) => m.id === message.id))) {
    return { ...state, pending };
  }
  const next = { ...thread, messages: mergeMessages(thread.messages, [message]) };
  return { threads: { ...state.threads, [message.conversation_id]: next }, pending };
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

const deletedRef = (ref: MessageRef): MessageRef => ({
  id: ref.id,
  message: null,
  type: null,
  sender: null,
  deleted: true,
});

/** Spec 4: deleted messages go; replies and forwards pointing at them show 'Deleted message'. */
export function applyDeleted(
  state: MessagesState,
  conversationId: number,
  messageId: number,
): MessagesState {
  const threads: MessagesState['threads'] = {};
  for (const [key, thread] of Object.entries(state.threads)) {
    const messages = thread.messages
      .filter((m) => !(m.conversation_id === conversationId && m.id === messageId))
      .map((m) => {
        const parentGone = m.parent?.id === messageId && !m.parent.deleted;
        const forwardGone = m.forwarded?.id === messageId && !m.forwarded.deleted;
        if (!parentGone && !forwardGone) return m;
        return {
          ...m,
          parent: parentGone && m.parent ? deletedRef(m.parent) : m.parent,
          forwarded: forwardGone && m.forwarded ? deletedRef(m.forwarded) : m.forwarded,
        };
      });
    threads[Number(key)] = { ...thread, messages };
  }
  return { ...state, threads };
}

/** History cleared for this user up to `upTo` (spec 4): those messages go. */
export function applyCleared(
  state: MessagesState,
  conversationId: number,
  upTo: number,
): MessagesState {
  const thread = state.threads[conversationId];
  if (!thread) return state;
  const messages = thread.messages.filter((m) => m.id > upTo);
  if (messages.length === thread.messages.length) return state;
  return withThread(state, conversationId, { ...thread, messages });
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

/** Spec 4 Views: someone else read up to `upTo`; our messages up to it count as viewed. */
export function applyViewed(
  state: MessagesState,
  conversationId: number,
  upTo: number,
): MessagesState {
  const thread = state.threads[conversationId];
  if (!thread) return state;
  const messages = thread.messages.map((m) =>
    m.id <= upTo && m.views === 0 ? { ...m, views: 1 } : m,
  );
  return withThread(state, conversationId, { ...thread, messages });
}

/**
 * A person's new name on everything of theirs in one conversation's history:
 * their messages and the quotes and forwards of them (a fresh fetch shows
 * the current name, so must the live state).
 */
export function applySenderName(
  state: MessagesState,
  conversationId: number,
  userId: number,
  name: string,
): MessagesState {
  const thread = state.threads[conversationId];
  if (!thread) return state;
  const renamed = <T extends { sender: { id: number; name: string } | null }>(x: T): T =>
    x.sender?.id === userId && x.sender.name !== name ? { ...x, sender: { ...x.sender, name } } : x;
  let changed = false;
  const messages = thread.messages.map((m) => {
    const next = renamed(m);
    const parent = m.parent ? renamed(m.parent) : null;
    const forwarded = m.forwarded ? renamed(m.forwarded) : null;
    if (next === m && parent === m.parent && forwarded === m.forwarded) return m;
    changed = true;
    return { ...next, parent, forwarded };
  });
  return changed ? withThread(state, conversationId, { ...thread, messages }) : state;
}

/** The pending messages of one conversation, oldest first. */
export function pendingOf(state: MessagesState, conversationId: number): PendingMessage[] {
  return Object.values(state.pending)
    .filter((p) => p.conversationId === conversationId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
