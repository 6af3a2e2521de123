import type { Conversation, LastMessage } from '../conversation';
import type { ConversationEventFrame, UserEventFrame } from '../realtime';
import { recordsDepartureOf } from '../group-notice';
import type { Message, MessageRef } from '../message';
import { applyInfoChange, withSlowMode } from '../rules/conversation-info';
import { messageMentionsUser } from '../rules/mentions';
import { applyUnreadChange, countsInGlobalUnread } from '../rules/unread';
import {
  applyClearedConversation,
  applyFlag,
  applyFolderIds,
  applyLastMessage,
  applyPinnedMessage,
  applyRead,
  dropConversation,
} from './list-reducers';
import type { ConversationsState } from './list-reducers';
import { deletedRef, refOf, toLastMessage } from './refs';

// Realtime events applied to the conversation list: pure, returning the next
// state and the conversations to fetch again over HTTP (events that name a
// conversation the list does not hold, or that do not carry the new state).
// The web's store and the server's sync-equivalence suites run exactly this
// code (docs/REALTIME.md, "Payloads and applying them").

export type ConversationsOutcome = {
  state: ConversationsState;
  /** Conversations to fetch again (and the global unread count with them). */
  refetch: number[];
};

/** Who is applying: own messages are never unread, and `@username` mentions them. */
export type Self = { id: number; username: string };

const withSeq = (state: ConversationsState, id: number, seq: number): ConversationsState => {
  const c = state.byId[id];
  if (!c || c.last_seq >= seq) return state;
  return { ...state, byId: { ...state.byId, [id]: { ...c, last_seq: seq } } };
};

const put = (state: ConversationsState, c: Conversation): ConversationsState => ({
  ...state,
  byId: { ...state.byId, [c.id]: c },
});

/** The pinned ref naming `id`, replaced (an edit or a deletion of the pinned message). */
const withPinnedRef = (c: Conversation, id: number, ref: MessageRef): Conversation =>
  c.pinned_message?.id === id ? { ...c, pinned_message: ref } : c;

/** Spec 4 unread rules (protocol rules/unread.ts) on one conversation and the global count. */
function changeUnread(state: ConversationsState, c: Conversation, delta: number) {
  const muted = !countsInGlobalUnread(c.pivot);
  const pair = applyUnreadChange(
    { conversation: c.pivot.new_messages, global: state.unreadTotal },
    { delta, mutedOrIgnored: muted },
  );
  return {
    state: { ...state, unreadTotal: muted ? state.unreadTotal : pair.global },
    pivot: { ...c.pivot, new_messages: pair.conversation },
  };
}

function messageNew(
  state: ConversationsState,
  c: Conversation,
  message: Message,
  self: Self | null,
): ConversationsState {
  let next = applyLastMessage(state, c.id, toLastMessage(message));
  const fresh = next.byId[c.id] ?? c;
  const fromOther = message.user_id !== (self?.id ?? null);
  if (!fromOther || message.id <= (c.pivot.last_read_message_id ?? 0)) return next;
  const counted = changeUnread(next, fresh, 1);
  next = counted.state;
  const mentioned = self !== null && messageMentionsUser(message, self.username);
  const pivot = mentioned ? { ...counted.pivot, mentioned_message_id: message.id } : counted.pivot;
  return put(next, { ...fresh, pivot });
}

/** An edit: the preview and the pinned ref naming the message follow it. */
export function messageEdited(state: ConversationsState, message: Message): ConversationsState {
  const c = state.byId[message.conversation_id];
  if (!c) return state;
  const isLast = c.current_user.last_message?.id === message.id;
  const next = isLast ? applyLastMessage(state, c.id, toLastMessage(message)) : state;
  const held = next.byId[c.id] ?? c;
  const pinned = withPinnedRef(held, message.id, refOf(message));
  return pinned === held ? next : put(next, pinned);
}

function messageDeleted(
  state: ConversationsState,
  c: Conversation,
  frame: Extract<ConversationEventFrame, { type: 'message.deleted' }>,
  self: Self | null,
): ConversationsState {
  const { message_id: id, user_id: senderId } = frame.payload;
  let next = state;
  let conversation = withPinnedRef(c, id, deletedRef(id));
  const p = conversation.pivot;
  // docs/REALTIME.md: someone else's message the user had not read leaves the counter.
  const unread =
    senderId !== (self?.id ?? null) &&
    id > p.cleared &&
    id > (p.last_read_message_id ?? 0) &&
    p.new_messages > 0;
  if (unread) {
    const counted = changeUnread(next, conversation, -1);
    next = counted.state;
    conversation = { ...conversation, pivot: counted.pivot };
  }
  if ('last_message' in frame.payload) {
    // The conversation's new last message (the user's `cleared` still hides it).
    const last = frame.payload.last_message ?? null;
    const preview: LastMessage | null = last && last.id > p.cleared ? toLastMessage(last) : null;
    conversation = {
      ...conversation,
      last_message_at: last ? last.created_at : null,
      current_user: { ...conversation.current_user, last_message: preview },
    };
  }
  return put(next, conversation);
}

/** A conversation event (scope 'conversation'). Seqs at or below the held one are already in. */
export function applyConversationFrame(
  state: ConversationsState,
  frame: ConversationEventFrame,
  self: Self | null,
): ConversationsOutcome {
  const id = frame.conversation_id;
  const c = state.byId[id];
  if (!c) {
    // A conversation not on a loaded page (or not yet known): fetch it when it matters.
    // The line recording one's own leaving is not news of a chat to show: it
    // can come after the list dropped the chat, and the chat is no longer
    // one's to fetch (the server answers 404).
    const matters =
      (frame.type === 'message.new' &&
        !(self && recordsDepartureOf(frame.payload.message, self.id))) ||
      frame.type === 'conversation.created';
    return { state, refetch: matters ? [id] : [] };
  }
  if (frame.seq <= c.last_seq) return { state, refetch: [] };
  const done = (next: ConversationsState, refetch: number[] = []): ConversationsOutcome => ({
    state: withSeq(next, id, frame.seq),
    refetch,
  });
  switch (frame.type) {
    case 'message.new':
      return done(messageNew(state, c, frame.payload.message, self));
    case 'message.edited':
      return done(messageEdited(state, frame.payload.message));
    case 'message.deleted':
      return done(messageDeleted(state, c, frame, self));
    case 'conversation.pinned_message':
      return done(applyPinnedMessage(state, id, frame.payload.pinned_message));
    case 'user.updated':
      return done(applyProfile(state, id, frame.payload));
    // Nothing on the list: a role change about oneself comes as the user
    // event conversation.updated {role}; tasks live on the board (sync/tasks.ts).
    case 'conversation.created':
    case 'message.viewed':
    case 'message.views':
    case 'message.reactions':
    case 'member.unblocked':
    case 'member.role':
    case 'task_group.created':
    case 'task_group.updated':
    case 'task_group.deleted':
    case 'task.created':
    case 'task.updated':
    case 'task.deleted':
    case 'subtask.created':
    case 'subtask.updated':
    case 'subtask.deleted':
      return done(state);
    case 'member.joined':
      return done(put(state, { ...c, members_count: (c.members_count ?? 0) + 1 }));
    case 'member.left':
    case 'member.removed':
      return done(put(state, { ...c, members_count: Math.max(0, (c.members_count ?? 0) - 1) }));
    // Applied from the payload (protocol rule): a rename in a large channel
    // must not make every subscriber fetch the conversation again.
    case 'conversation.info': {
      const change = applyInfoChange(c, frame.payload);
      return done(put(state, change.conversation), change.refetch ? [id] : []);
    }
    case 'conversation.slow_mode':
      return done(put(state, withSlowMode(c, frame.payload.slow_mode_seconds)));
  }
}

/**
 * A member's new public profile in one conversation: the friend of a direct
 * chat (its title and avatar come from them) and the last message's sender.
 */
export function applyProfile(
  state: ConversationsState,
  id: number,
  profile: { user_id: number; name: string; avatar: string | null; status: string | null },
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
  return put(state, {
    ...c,
    friend,
    pinned_message: pinnedMessage,
    ...(friend !== c.friend ? { name: profile.name, avatar: profile.avatar } : {}),
    current_user: { ...c.current_user, last_message: lastMessage },
  });
}

type UpdatedPayload = Extract<UserEventFrame, { type: 'conversation.updated' }>['payload'];

/** `conversation.updated` on a held conversation: the link's fields as they are stored now. */
function linkUpdated(state: ConversationsState, c: Conversation, p: UpdatedPayload) {
  let next = state;
  for (const flag of ['pinned', 'muted', 'hidden'] as const) {
    const value = p[flag];
    if (value !== undefined) next = applyFlag(next, c.id, flag, value === 1);
  }
  const held = next.byId[c.id] ?? c;
  const pivot = { ...held.pivot };
  if (p.notifications !== undefined) pivot.notifications = p.notifications === 1;
  if (p.blocked !== undefined) pivot.blocked = p.blocked === 1;
  if (p.folder_id !== undefined) pivot.folder_id = p.folder_id;
  if (p.keyboard !== undefined) pivot.keyboard = p.keyboard;
  if (p.keyboard_options !== undefined) pivot.keyboard_options = p.keyboard_options;
  const friend =
    p.friend_blocked !== undefined && held.friend
      ? { ...held.friend, pivot: { blocked: p.friend_blocked === 1 } }
      : held.friend;
  return put(next, { ...held, pivot, friend });
}

/** A user event (scope 'user'): the caller's own links to conversations. */
export function applyUserFrame(
  state: ConversationsState,
  frame: UserEventFrame,
): ConversationsOutcome {
  if (frame.seq <= state.userSeq) return { state, refetch: [] };
  const seen = { ...state, userSeq: frame.seq };
  switch (frame.type) {
    // The user's own settings (the web's settings store applies them); here only the seq.
    // Invitations are their own list (sync/invitations.ts): an accepted one comes with conversation.joined.
    // A task.assigned is an in-app notification (the board changes by task events).
    case 'settings.changed':
    case 'invitation.received':
    case 'invitation.closed':
    case 'task.assigned':
      return { state: seen, refetch: [] };
    // A bot's answer to the caller's button press: shown once by the web, no state.
    case 'bot.callback_answer':
      return { state: seen, refetch: [] };
    // The folder list lives with the folders; here only the links to deleted ones.
    case 'folders.changed':
      return {
        state: applyFolderIds(seen, new Set(frame.payload.folders.map((f) => f.id))),
        refetch: [],
      };
    case 'conversation.joined':
    case 'conversation.restored':
      return { state: seen, refetch: [frame.payload.conversation_id] };
    case 'conversation.updated': {
      const p = frame.payload;
      const c = seen.byId[p.conversation_id];
      // Reopened, or a new role (what the conversation shows depends on it): fetch it.
      if (!c || p.deleted === 0 || p.role !== undefined) {
        return { state: seen, refetch: [p.conversation_id] };
      }
      return { state: linkUpdated(seen, c, p), refetch: [] };
    }
    case 'conversation.read':
      return { state: readMarks(seen, frame.payload), refetch: [] };
    case 'conversation.cleared':
      return {
        state: applyClearedConversation(seen, frame.payload.conversation_id, frame.payload.cleared),
        refetch: [],
      };
    case 'conversation.deleted':
      return { state: dropConversation(seen, frame.payload.conversation_id), refetch: [] };
    case 'message.hidden': {
      // The preview is the newest message the user can see: if it was this one, fetch it.
      const c = seen.byId[frame.payload.conversation_id];
      const isPreview = c?.current_user.last_message?.id === frame.payload.message_id;
      return { state: seen, refetch: isPreview && c ? [c.id] : [] };
    }
  }
}

type ReadPayload = Extract<UserEventFrame, { type: 'conversation.read' }>['payload'];

/** The link's read marks as stored. They only move forward: an older one changes nothing. */
function readMarks(state: ConversationsState, read: ReadPayload): ConversationsState {
  const c = state.byId[read.conversation_id];
  if (!c) return state;
  const held = c.pivot.last_read_message_id ?? 0;
  const newest = c.current_user.last_message?.id ?? 0;
  const upTo = read.last_read_message_id ?? 0;
  if (upTo < held || (upTo === held && newest > upTo)) return state;
  const ignored = !countsInGlobalUnread(c.pivot);
  const pair = applyUnreadChange(
    { conversation: c.pivot.new_messages, global: state.unreadTotal },
    {
      delta: read.new_messages === 0 ? 0 : read.new_messages - c.pivot.new_messages,
      mutedOrIgnored: ignored,
    },
  );
  const next = applyRead(state, {
    conversationId: c.id,
    newMessages: read.new_messages,
    unreadTotal: ignored ? state.unreadTotal : pair.global,
    lastReadId: upTo,
  });
  const after = next.byId[c.id];
  if (!after) return next;
  return put(next, {
    ...after,
    pivot: { ...after.pivot, mentioned_message_id: read.mentioned_message_id },
  });
}
