import type { Message, MessageRef } from '../message';
import type { Reaction } from '../reactions';
import type { ConversationEventFrame, UserEventFrame } from '../realtime';
import { deletedRef, refOf } from './refs';

// Realtime events applied to loaded message history: pure, and idempotent
// (by id and uuid), so an event that arrives twice (the echo of one's own
// send, a resume backlog) changes nothing. The web's message store and the
// server's sync-equivalence suites run exactly this code.

/** What the applier needs of a conversation's loaded history. */
export type HistoryThread = {
  /** Confirmed messages, ascending id, no duplicates. */
  messages: Message[];
  /** The window is away from the newest message: new arrivals are not in it. */
  hasNewer: boolean;
};

export type HistoryState<T extends HistoryThread, P> = {
  threads: Record<number, T>;
  /** Messages sent from here and not confirmed yet, by their uuid. */
  pending: Record<string, P>;
};

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

function withThread<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  id: number,
  thread: T,
): HistoryState<T, P> {
  return { ...state, threads: { ...state.threads, [id]: thread } };
}

/** Every thread's messages through `change` (only changed threads are copied). */
function mapMessages<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  change: (m: Message) => Message,
): HistoryState<T, P> {
  let threads: Record<number, T> | null = null;
  for (const [key, thread] of Object.entries(state.threads)) {
    let changed = false;
    const messages = thread.messages.map((m) => {
      const next = change(m);
      if (next !== m) changed = true;
      return next;
    });
    if (!changed) continue;
    threads ??= { ...state.threads };
    threads[Number(key)] = { ...thread, messages };
  }
  return threads ? { ...state, threads } : state;
}

/** Reply and forward refs naming `id` become `ref`. */
const withRef = (id: number, ref: MessageRef) => (m: Message) => {
  const parent = m.parent?.id === id && m.parent.deleted !== true;
  const forward = m.forwarded?.id === id && m.forwarded.deleted !== true;
  if (!parent && !forward) return m;
  return { ...m, parent: parent ? ref : m.parent, forwarded: forward ? ref : m.forwarded };
};

/** A message arrived or changed (a confirmed send, someone else's, an edit): into its place by id. */
export function applyMessage<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  message: Message,
): HistoryState<T, P> {
  let pending = state.pending;
  if (message.uuid in pending) {
    pending = { ...pending };
    delete pending[message.uuid];
  }
  const thread = state.threads[message.conversation_id];
  // A window away from the newest page (hasNewer) does not show new arrivals.
  if (!thread || (thread.hasNewer && !thread.messages.some((m) => m.id === message.id))) {
    return pending === state.pending ? state : { ...state, pending };
  }
  const next = { ...thread, messages: mergeMessages(thread.messages, [message]) };
  return { threads: { ...state.threads, [message.conversation_id]: next }, pending };
}

/** Spec 4: a deleted message goes; replies and forwards naming it show 'Deleted message'. */
export function applyDeleted<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  conversationId: number,
  messageId: number,
): HistoryState<T, P> {
  const next = dropMessage(state, conversationId, messageId);
  return mapMessages(next, withRef(messageId, deletedRef(messageId)));
}

/** One message leaves one thread (deleted, or hidden for this user). */
export function dropMessage<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  conversationId: number,
  messageId: number,
): HistoryState<T, P> {
  const thread = state.threads[conversationId];
  if (!thread?.messages.some((m) => m.id === messageId)) return state;
  const messages = thread.messages.filter((m) => m.id !== messageId);
  return withThread(state, conversationId, { ...thread, messages });
}

/** History cleared for this user up to `upTo` (spec 4): those messages go. */
export function applyCleared<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  conversationId: number,
  upTo: number,
): HistoryState<T, P> {
  const thread = state.threads[conversationId];
  if (!thread) return state;
  const messages = thread.messages.filter((m) => m.id > upTo);
  if (messages.length === thread.messages.length) return state;
  return withThread(state, conversationId, { ...thread, messages });
}

/** Spec 4 Views: `readerId` read up to `upTo`; the others' messages up to it count as viewed. */
export function applyViewed<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  conversationId: number,
  readerId: number,
  upTo: number,
): HistoryState<T, P> {
  const thread = state.threads[conversationId];
  if (!thread) return state;
  let changed = false;
  const messages = thread.messages.map((m) => {
    if (m.id > upTo || m.views !== 0 || m.user_id === readerId) return m;
    changed = true;
    return { ...m, views: 1 };
  });
  return changed ? withThread(state, conversationId, { ...thread, messages }) : state;
}

/**
 * A channel's view counts (`message.views`): each listed post shows its
 * count. Counts only grow, so an older event (a resume backlog after a
 * fresher page) never lowers one.
 */
export function applyViewCounts<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  conversationId: number,
  counts: readonly { message_id: number; views: number }[],
): HistoryState<T, P> {
  const thread = state.threads[conversationId];
  if (!thread) return state;
  const byId = new Map(counts.map((c) => [c.message_id, c.views]));
  let changed = false;
  const messages = thread.messages.map((m) => {
    const views = byId.get(m.id);
    if (views === undefined || views <= m.views) return m;
    changed = true;
    return { ...m, views };
  });
  return changed ? withThread(state, conversationId, { ...thread, messages }) : state;
}

/**
 * A message's reactions (`message.reactions`): the event carries the whole
 * list, so it replaces the message's; equal lists leave the state as it was.
 */
export function applyReactions<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  conversationId: number,
  messageId: number,
  reactions: Reaction[],
): HistoryState<T, P> {
  const thread = state.threads[conversationId];
  const index = thread?.messages.findIndex((m) => m.id === messageId) ?? -1;
  const message = index >= 0 ? thread?.messages[index] : undefined;
  if (!thread || !message) return state;
  if (JSON.stringify(message.reactions ?? []) === JSON.stringify(reactions)) return state;
  const messages = [...thread.messages];
  messages[index] = { ...message, reactions };
  return withThread(state, conversationId, { ...thread, messages });
}

/**
 * A person's new name on everything of theirs in one conversation's history:
 * their messages and the quotes and forwards of them (a fresh fetch shows
 * the current name, so must the live state); and their new picture on their
 * messages (quotes carry none). `avatar` undefined: the picture is unknown.
 */
export function applySenderName<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  conversationId: number,
  userId: number,
  name: string,
  avatar?: string | null,
): HistoryState<T, P> {
  const thread = state.threads[conversationId];
  if (!thread) return state;
  const renamed = <R extends { sender: { id: number; name: string } | null }>(x: R): R =>
    x.sender?.id === userId && x.sender.name !== name ? { ...x, sender: { ...x.sender, name } } : x;
  const repictured = (m: Message): Message =>
    avatar !== undefined && m.sender?.id === userId && (m.sender.avatar ?? null) !== avatar
      ? { ...m, sender: { ...m.sender, avatar } }
      : m;
  let changed = false;
  const messages = thread.messages.map((m) => {
    const next = repictured(renamed(m));
    const parent = m.parent ? renamed(m.parent) : null;
    const forwarded = m.forwarded ? renamed(m.forwarded) : null;
    if (next === m && parent === m.parent && forwarded === m.forwarded) return m;
    changed = true;
    return { ...next, parent, forwarded };
  });
  return changed ? withThread(state, conversationId, { ...thread, messages }) : state;
}

/** The conversation left the user's list (left, removed, deleted for them): its history goes. */
export function dropThread<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  conversationId: number,
): HistoryState<T, P> {
  if (!(conversationId in state.threads)) return state;
  const threads = { ...state.threads };
  delete threads[conversationId];
  return { ...state, threads };
}

/** A realtime event on history. */
export function applyHistoryFrame<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  frame: ConversationEventFrame | UserEventFrame,
): HistoryState<T, P> {
  if (frame.scope === 'conversation') {
    const id = frame.conversation_id;
    switch (frame.type) {
      case 'message.new':
        return applyMessage(state, frame.payload.message);
      case 'message.edited': {
        const message = frame.payload.message;
        return mapMessages(applyMessage(state, message), withRef(message.id, refOf(message)));
      }
      case 'message.deleted':
        return applyDeleted(state, id, frame.payload.message_id);
      // The reader's own messages stay as they were; the others' count as viewed.
      case 'message.viewed':
        return applyViewed(state, id, frame.payload.user_id, frame.payload.up_to);
      case 'message.views':
        return applyViewCounts(state, id, frame.payload.counts);
      case 'message.reactions':
        return applyReactions(state, id, frame.payload.message_id, frame.payload.reactions);
      case 'user.updated':
        return applySenderName(
          state,
          id,
          frame.payload.user_id,
          frame.payload.name,
          frame.payload.avatar,
        );
      default:
        return state;
    }
  }
  switch (frame.type) {
    case 'message.hidden':
      return dropMessage(state, frame.payload.conversation_id, frame.payload.message_id);
    case 'conversation.cleared':
      return applyCleared(state, frame.payload.conversation_id, frame.payload.cleared);
    case 'conversation.deleted':
      return dropThread(state, frame.payload.conversation_id);
    default:
      return state;
  }
}
