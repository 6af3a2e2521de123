import type { Conversation, LastMessage } from '../conversation';
import type { MessageRef } from '../message';
import { folderAfterChange } from '../rules/folders';
import { sortConversations } from '../rules/list-order';
import { countsInGlobalUnread } from '../rules/unread';

// Pure state changes of the conversation list. The web's HTTP calls and the
// server's pushes (list-events.ts) both end here, so the two paths agree.

export type ConversationsState = {
  /**
   * Every conversation seen, by id. Each one's `last_seq` is the last
   * conversation event reflected in it (fetched, or applied from realtime):
   * the resume position sent in `hello`.
   */
  byId: Record<number, Conversation>;
  /** Global unread count (spec 3), shown in the document title. */
  unreadTotal: number;
  /** The last user event applied (realtime resume position; 0: none yet). */
  userSeq: number;
};

export const emptyConversations: ConversationsState = { byId: {}, unreadTotal: 0, userSeq: 0 };

/**
 * Fetched (or cached) conversations in. A copy older than the one held (a
 * lower `last_seq`: a reply that left before an event we already applied)
 * does not overwrite it.
 */
export function upsertConversations(
  state: ConversationsState,
  list: readonly Conversation[],
): ConversationsState {
  if (list.length === 0) return state;
  const byId = { ...state.byId };
  for (const { task_groups: _board, ...c } of list) {
    // The single read's task_groups is a snapshot the list's events do not
    // follow: the Tasks panel keeps the board (sync/tasks.ts).
    const held = byId[c.id];
    if (!held || held.last_seq <= c.last_seq) byId[c.id] = c;
  }
  return { ...state, byId };
}

/** The resume positions of `hello`: conversation id → last seq reflected. */
export function resumePositions(state: ConversationsState): Record<string, number> {
  const positions: Record<string, number> = {};
  for (const c of Object.values(state.byId)) positions[String(c.id)] = c.last_seq;
  return positions;
}

export function removeConversation(state: ConversationsState, id: number): ConversationsState {
  if (!(id in state.byId)) return state;
  const byId = { ...state.byId };
  delete byId[id];
  return { ...state, byId };
}

/**
 * The conversation is not in the user's list any more (deleted for them,
 * left, removed, or a fetch that answered 404): it goes, and its unread
 * leaves the global count.
 */
export function dropConversation(state: ConversationsState, id: number): ConversationsState {
  const c = state.byId[id];
  const next = removeConversation(state, id);
  if (!c || !countsInGlobalUnread(c.pivot)) return next;
  return { ...next, unreadTotal: Math.max(0, next.unreadTotal - c.pivot.new_messages) };
}

/** The folder list changed: links to a folder that is gone leave it, as the server did. */
export function applyFolderIds(
  state: ConversationsState,
  folderIds: ReadonlySet<number>,
): ConversationsState {
  let byId: Record<number, Conversation> | null = null;
  for (const c of Object.values(state.byId)) {
    const folderId = folderAfterChange(c.pivot.folder_id, folderIds);
    if (folderId === c.pivot.folder_id) continue;
    byId ??= { ...state.byId };
    byId[c.id] = { ...c, pivot: { ...c.pivot, folder_id: folderId } };
  }
  return byId ? { ...state, byId } : state;
}

/** The visible list in spec 4 order (hidden ones left out). */
export function orderedConversations(state: ConversationsState): Conversation[] {
  return sortConversations(Object.values(state.byId).filter((c) => !c.pivot.hidden));
}

/** The hidden ones, in the same order: the archive (protocol rules/archive.ts). */
export function archivedConversations(state: ConversationsState): Conversation[] {
  return sortConversations(Object.values(state.byId).filter((c) => c.pivot.hidden));
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
  return { ...state, byId: { ...state.byId, [c.id]: { ...c, pivot } }, unreadTotal };
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

/**
 * Pin, mute or hide set by the user. Muting or hiding takes the unread out of
 * the global count, and the reverse puts it back (protocol
 * `countsInGlobalUnread`); hiding also moves it from the list to the archive.
 */
export function applyFlag(
  state: ConversationsState,
  id: number,
  flag: 'pinned' | 'muted' | 'hidden',
  value: boolean,
): ConversationsState {
  const c = state.byId[id];
  if (!c || c.pivot[flag] === value) return state;
  const unread = c.pivot.new_messages;
  const pivot = { ...c.pivot, [flag]: value };
  const counted = countsInGlobalUnread(c.pivot);
  let unreadTotal = state.unreadTotal;
  if (counted !== countsInGlobalUnread(pivot)) {
    unreadTotal = counted ? Math.max(0, unreadTotal - unread) : unreadTotal + unread;
  }
  return { ...state, unreadTotal, byId: { ...state.byId, [id]: { ...c, pivot } } };
}

/** History cleared for the caller: no preview, nothing unread. */
export function applyClearedConversation(
  state: ConversationsState,
  id: number,
  /** As the server stored it; by default up to the newest message held. */
  upTo?: number,
): ConversationsState {
  const c = state.byId[id];
  if (!c) return state;
  const last = upTo ?? c.current_user.last_message?.id ?? 1;
  const unreadTotal = countsInGlobalUnread(c.pivot)
    ? Math.max(0, state.unreadTotal - c.pivot.new_messages)
    : state.unreadTotal;
  const updated: Conversation = {
    ...c,
    current_user: { last_message: null },
    pivot: {
      ...c.pivot,
      cleared: Math.max(c.pivot.cleared, last),
      new_messages: 0,
      mentioned_message_id: null,
    },
  };
  return { ...state, unreadTotal, byId: { ...state.byId, [id]: updated } };
}

/** The conversation's pinned message (null: none). */
export function applyPinnedMessage(
  state: ConversationsState,
  id: number,
  pinned: MessageRef | null,
): ConversationsState {
  const c = state.byId[id];
  if (!c) return state;
  return { ...state, byId: { ...state.byId, [id]: { ...c, pinned_message: pinned } } };
}
