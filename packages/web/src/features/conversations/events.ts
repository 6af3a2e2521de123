import { z } from 'zod';
import type { Conversation, LastMessage } from '@parley/protocol/conversation';
import type { Message } from '@parley/protocol/message';
import type {
  ConversationEventFrame,
  UserEventFrame,
  UserUpdatedPayload,
} from '@parley/protocol/realtime';
import { applyInfoChange } from '@parley/protocol/rules/conversation-info';
import { applyUnreadChange, countsInGlobalUnread } from '@parley/protocol/rules/unread';
import { foldersChangedPayloadSchema } from '@parley/protocol/folder';
import { applyFolderIds, applyLastMessage, applyRead, removeConversation } from './reducers';
import type { ConversationsState } from './reducers';

// What the realtime gateway pushes about conversations, applied to the list.
// Pure: returns the next state and what has to be fetched again over HTTP
// (events that do not carry the new state, or name a conversation we do not
// hold). docs/REALTIME.md lists the frames; payloads are parsed, never cast.

export type ConversationsOutcome = {
  state: ConversationsState;
  /** Conversations to fetch again (and the global unread count with them). */
  refetch: number[];
};

export const toLastMessage = (m: Message): LastMessage => ({
  id: m.id,
  message: m.message,
  type: m.type,
  created_at: m.created_at,
  user_id: m.user_id,
  sender: m.sender,
});

const withSeq = (state: ConversationsState, id: number, seq: number): ConversationsState => {
  const c = state.byId[id];
  if (!c || c.last_seq >= seq) return state;
  return { ...state, byId: { ...state.byId, [id]: { ...c, last_seq: seq } } };
};

/** Spec 4 unread rules (protocol rules/unread.ts) on one conversation and the global count. */
function changeUnread(
  state: ConversationsState,
  c: Conversation,
  next: (pair: { conversation: number; global: number }) => {
    conversation: number;
    global: number;
  },
): ConversationsState {
  const pair = next({ conversation: c.pivot.new_messages, global: state.unreadTotal });
  const pivot = { ...c.pivot, new_messages: pair.conversation };
  return {
    ...state,
    unreadTotal: pair.global,
    byId: { ...state.byId, [c.id]: { ...c, pivot } },
  };
}

/** A conversation event (scope 'conversation'). Seqs at or below the held one are already in. */
export function applyConversationFrame(
  state: ConversationsState,
  frame: ConversationEventFrame,
  ownId: number | null,
): ConversationsOutcome {
  const id = frame.conversation_id;
  const c = state.byId[id];
  if (!c) {
    // A conversation not on a loaded page (or not yet known): fetch it when it matters.
    const matters = frame.type === 'message.new' || frame.type === 'conversation.created';
    return { state, refetch: matters ? [id] : [] };
  }
  if (frame.seq <= c.last_seq) return { state, refetch: [] };
  switch (frame.type) {
    case 'message.new': {
      const message = frame.payload.message;
      let next = applyLastMessage(state, id, toLastMessage(message));
      const fresh = next.byId[id] ?? c;
      const unread = message.user_id !== ownId && message.id > (c.pivot.last_read_message_id ?? 0);
      if (unread) {
        next = changeUnread(next, fresh, (pair) =>
          applyUnreadChange(pair, { delta: 1, mutedOrIgnored: !countsInGlobalUnread(c.pivot) }),
        );
      }
      return { state: withSeq(next, id, frame.seq), refetch: [] };
    }
    case 'message.edited': {
      const message = frame.payload.message;
      const isLast = c.current_user.last_message?.id === message.id;
      const next = isLast ? applyLastMessage(state, id, toLastMessage(message)) : state;
      return { state: withSeq(next, id, frame.seq), refetch: [] };
    }
    case 'message.deleted': {
      // The server moved the preview and the counters; ask for them.
      const deleted = idPayload.safeParse(frame.payload);
      const lastId = c.current_user.last_message?.id ?? 0;
      const affects =
        !deleted.success ||
        deleted.data.message_id >= lastId ||
        deleted.data.message_id > (c.pivot.last_read_message_id ?? 0);
      return { state: withSeq(state, id, frame.seq), refetch: affects ? [id] : [] };
    }
    case 'conversation.pinned_message':
      return { state: withSeq(state, id, frame.seq), refetch: [id] };
    case 'user.updated':
      return { state: withSeq(applyProfile(state, id, frame.payload), id, frame.seq), refetch: [] };
    case 'conversation.created':
    case 'message.viewed':
      return { state: withSeq(state, id, frame.seq), refetch: [] };
    // Groups and channels (docs/PERMISSIONS.md): the member count and roles
    // live on the conversation; fetch it again.
    case 'member.joined':
    case 'member.left':
    case 'member.removed':
    case 'member.unblocked':
    case 'member.role':
      return { state: withSeq(state, id, frame.seq), refetch: [id] };
    // Applied from the payload (protocol rule): a rename in a large channel
    // must not make every subscriber fetch the conversation again.
    case 'conversation.info': {
      const change = applyInfoChange(c, frame.payload);
      const next = { ...state, byId: { ...state.byId, [id]: change.conversation } };
      return { state: withSeq(next, id, frame.seq), refetch: change.refetch ? [id] : [] };
    }
  }
}

/**
 * A member's new public profile in one conversation: the friend of a direct
 * chat (its title and avatar come from them) and the last message's sender.
 */
export function applyProfile(
  state: ConversationsState,
  id: number,
  profile: UserUpdatedPayload,
): ConversationsState {
  const c = state.byId[id];
  if (!c) return state;
  const friend =
    c.friend?.id === profile.user_id
      ? { ...c.friend, name: profile.name, avatar: profile.avatar, status: profile.status }
      : c.friend;
  const last = c.current_user.last_message;
  const lastMessage =
    last?.sender?.id === profile.user_id
      ? { ...last, sender: { ...last.sender, name: profile.name } }
      : last;
  const pinned = c.pinned_message;
  const pinnedMessage =
    pinned?.sender?.id === profile.user_id
      ? { ...pinned, sender: { ...pinned.sender, name: profile.name } }
      : pinned;
  if (friend === c.friend && lastMessage === last && pinnedMessage === pinned) return state;
  const next: Conversation = {
    ...c,
    friend,
    pinned_message: pinnedMessage,
    ...(friend !== c.friend ? { name: profile.name, avatar: profile.avatar } : {}),
    current_user: { ...c.current_user, last_message: lastMessage },
  };
  return { ...state, byId: { ...state.byId, [id]: next } };
}

const idPayload = z.object({ message_id: z.number().int() });
const conversationPayload = z.object({ conversation_id: z.number().int().positive() });
const readPayload = z.object({
  conversation_id: z.number().int().positive(),
  // null when nothing in the conversation has been read yet.
  last_read_message_id: z.number().int().nullable(),
  new_messages: z.number().int().nonnegative(),
});

/** A user event (scope 'user'): the caller's own links to conversations. */
export function applyUserFrame(
  state: ConversationsState,
  frame: UserEventFrame,
): ConversationsOutcome {
  if (frame.seq <= state.userSeq) return { state, refetch: [] };
  const seen = { ...state, userSeq: frame.seq };
  // The user's own settings (settings/store.ts applies them); here only the seq.
  if (frame.type === 'settings.changed') return { state: seen, refetch: [] };
  if (frame.type === 'folders.changed') {
    // The folder list itself lives in the folders feature; here only the links to deleted ones.
    const list = foldersChangedPayloadSchema.safeParse(frame.payload);
    if (!list.success) return { state: seen, refetch: [] };
    return {
      state: applyFolderIds(seen, new Set(list.data.folders.map((f) => f.id))),
      refetch: [],
    };
  }
  const target = conversationPayload.safeParse(frame.payload);
  if (!target.success) return { state: seen, refetch: [] };
  const id = target.data.conversation_id;
  switch (frame.type) {
    case 'conversation.read': {
      const read = readPayload.safeParse(frame.payload);
      const c = seen.byId[id];
      if (!read.success || !c) return { state: seen, refetch: c ? [id] : [] };
      // Read marks only move forward: an older one (a replayed backlog) changes nothing.
      const held = c.pivot.last_read_message_id ?? 0;
      const newest = c.current_user.last_message?.id ?? 0;
      const upTo = read.data.last_read_message_id ?? 0;
      if (upTo < held || (upTo === held && newest > upTo)) return { state: seen, refetch: [] };
      const ignored = !countsInGlobalUnread(c.pivot);
      const pair = applyUnreadChange(
        { conversation: c.pivot.new_messages, global: seen.unreadTotal },
        read.data.new_messages === 0
          ? { delta: 0, mutedOrIgnored: ignored }
          : { delta: read.data.new_messages - c.pivot.new_messages, mutedOrIgnored: ignored },
      );
      const global = ignored ? seen.unreadTotal : pair.global;
      return {
        state: applyRead(seen, {
          conversationId: id,
          newMessages: read.data.new_messages,
          unreadTotal: global,
          lastReadId: upTo,
        }),
        refetch: [],
      };
    }
    case 'conversation.deleted': {
      const c = seen.byId[id];
      const next = removeConversation(seen, id);
      // Its unread no longer counts.
      if (!c || !countsInGlobalUnread(c.pivot)) return { state: next, refetch: [] };
      return {
        state: { ...next, unreadTotal: Math.max(0, next.unreadTotal - c.pivot.new_messages) },
        refetch: [],
      };
    }
    case 'conversation.joined':
    case 'conversation.restored':
    case 'conversation.updated':
    case 'conversation.cleared':
    case 'message.hidden':
      // The payload is a partial change of stored columns: the HTTP copy is the truth.
      return { state: seen, refetch: [id] };
  }
}
