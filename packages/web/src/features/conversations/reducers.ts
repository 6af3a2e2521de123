import type { Conversation, LastMessage } from '@parley/protocol/conversation';
import { sortConversations } from '@parley/protocol/rules/list-order';

// Pure state changes of the conversation list. The HTTP calls (api.ts) and
// the server's pushes (events.ts) both end here, so the two paths agree.

export type ConversationsState = {
  /** Every conversation seen, by id. */
  byId: Record<number, Conversation>;
  /** Global unread count (spec 3), shown in the document title. */
  unreadTotal: number;
};

export const emptyConversations: ConversationsState = { byId: {}, unreadTotal: 0 };

export function upsertConversations(
  state: ConversationsState,
  list: readonly Conversation[],
): ConversationsState {
  if (list.length === 0) return state;
  const byId = { ...state.byId };
  for (const c of list) byId[c.id] = c;
  return { ...state, byId };
}

export function removeConversation(state: ConversationsState, id: number): ConversationsState {
  if (!(id in state.byId)) return state;
  const byId = { ...state.byId };
  delete byId[id];
  return { ...state, byId };
}

/** The visible list in spec 4 order (hidden ones left out). */
export function orderedConversations(state: ConversationsState): Conversation[] {
  return sortConversations(Object.values(state.byId).filter((c) => !c.pivot.hidden));
}

/** A read reply or event: the conversation's counter and the global count as the server says. */
export function applyRead(
  state: ConversationsState,
  change: {
    conversationId: number;
    newMessages: number;
    unreadTotal?: number;
    lastReadId?: number;
  },
): ConversationsState {
  const c = state.byId[change.conversationId];
  const unreadTotal = change.unreadTotal ?? state.unreadTotal;
  if (!c) return { ...state, unreadTotal };
  const pivot = {
    ...c.pivot,
    new_messages: change.newMessages,
    last_read_message_id:
      Math.max(c.pivot.last_read_message_id ?? 0, change.lastReadId ?? 0) || null,
    mentioned_message_id: change.newMessages === 0 ? null : c.pivot.mentioned_message_id,
  };
  return { byId: { ...state.byId, [c.id]: { ...c, pivot } }, unreadTotal };
}

/** A message became the newest of its conversation (sent here or arrived). */
export function applyLastMessage(
  state: ConversationsState,
  conversationId: number,
  last: LastMessage,
): ConversationsState {
  const c = state.byId[conversationId];
  if (!c) return state;
  const current = c.current_user.last_message;
  if (current && current.id > last.id) return state;
  const updated: Conversation = {
    ...c,
    last_message_at: last.created_at,
    current_user: { last_message: last },
  };
  return { ...state, byId: { ...state.byId, [c.id]: updated } };
}
