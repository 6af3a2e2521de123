import type { Conversation, LastMessage } from '@parley/protocol/conversation';
import type { Message, MessageRef } from '@parley/protocol/message';
import type { ServerFrame } from '@parley/protocol/realtime';
import { applyInfoChange } from '@parley/protocol/rules/conversation-info';
import { countsInGlobalUnread } from '@parley/protocol/rules/unread';
import { usernameKey } from '@parley/protocol/rules/username';
import type { User } from '@parley/protocol/user';
import type { Client } from './harness';
import type { Person } from './messaging';

// A web client's state as the sync-equivalence suite models it, and the pure
// function that applies realtime events to it. The suite fetches this state
// over HTTP, applies the events a socket delivered, fetches it again and
// requires both to be equal: anything the events do not carry (or carry
// wrong) shows up as a difference.
//
// What a client derives rather than reads from an event (documented in
// docs/REALTIME.md, "Applying events"):
// - a recipient's unread counter: +1 on message.new from someone else (the
//   link not deleted); −1 on message.deleted of someone else's message the
//   user had not read (id > last_read and > cleared, counter > 0);
// - a mention: message.new whose text names the user (`@username`);
// - the global unread count: the sum of new_messages over links neither
//   muted nor hidden (protocol `countsInGlobalUnread`);
// - the preview (current_user.last_message) and reply/forward/pinned refs
//   follow message.new / edited / deleted from the messages they name.
// conversation.joined and conversation.restored name a conversation the
// client may not have: it fetches it (POST /user/conversation). The
// signed-in user (GET /user) follows user.updated about oneself and
// settings.changed.

export interface ClientState {
  user: User;
  conversations: Map<number, Conversation>;
  /** The newest page of history of the followed conversations. */
  messages: Map<number, Message[]>;
  unread: number;
}

const PAGE = 50;

export async function fetchState(
  client: Client,
  who: Person,
  followed: number[],
): Promise<ClientState> {
  const list = await client.get<{ conversations: Conversation[] }>(
    '/user/conversations?include_hidden=1&limit=100',
    { token: who.token },
  );
  const conversations = new Map(list.body.conversations.map((c) => [c.id, c]));
  // Nothing changes while the state is read, so the rest is asked for at once.
  const [pages, unread, user] = await Promise.all([
    Promise.all(
      followed
        .filter((id) => conversations.has(id))
        .map(async (id) => {
          const page = await client.get<{ messages: Message[] }>(
            `/user/conversations/${id}/messages?limit=${PAGE}`,
            { token: who.token },
          );
          return [id, page.body.messages] as const;
        }),
    ),
    client.get<{ count: number }>('/user/unread', { token: who.token }),
    client.get<User>('/user', { token: who.token }),
  ]);
  const messages = new Map<number, Message[]>(pages);
  return { user: user.body, conversations, messages, unread: unread.body.count };
}

/** A fresh fetch of one conversation (joined / restored ones), with its page if followed. */
export type FetchConversation = (
  id: number,
) => Promise<{ conversation: Conversation; messages: Message[] | null } | null>;

export function conversationFetcher(
  client: Client,
  who: Person,
  followed: number[],
): FetchConversation {
  return async (id) => {
    const res = await client.post<Conversation>(
      '/user/conversation',
      { conversation_id: id },
      { token: who.token },
    );
    if (res.status !== 200) return null;
    if (!followed.includes(id)) return { conversation: res.body, messages: null };
    const page = await client.get<{ messages: Message[] }>(
      `/user/conversations/${id}/messages?limit=${PAGE}`,
      { token: who.token },
    );
    return { conversation: res.body, messages: page.body.messages };
  };
}

const clone = <T>(value: T): T => structuredClone(value);

const preview = (m: Message): LastMessage => ({
  id: m.id,
  message: m.message,
  type: m.type,
  created_at: m.created_at,
  user_id: m.user_id,
  sender: m.sender,
});

const refOf = (m: Message): MessageRef => ({
  id: m.id,
  message: m.message,
  type: m.type,
  sender: m.sender,
  deleted: false,
});

const DELETED_REF = (id: number): MessageRef => ({
  id,
  message: null,
  type: null,
  sender: null,
  deleted: true,
});

/** Replaces every reply/forward ref to `id` in every loaded page. */
function updateRefs(state: ClientState, id: number, ref: MessageRef): void {
  for (const page of state.messages.values()) {
    for (const m of page) {
      if (m.parent_id === id) m.parent = ref;
      if (m.forwarded_id === id) m.forwarded = ref;
    }
  }
  for (const c of state.conversations.values()) {
    if (c.pinned_message?.id === id) c.pinned_message = ref;
  }
}

/** A person's new name wherever the client shows it as a sender. */
function renameSender(state: ClientState, userId: number, name: string): void {
  const rename = (holder: { sender: { id: number; name: string } | null } | null) => {
    if (holder?.sender?.id === userId) holder.sender = { ...holder.sender, name };
  };
  for (const page of state.messages.values()) {
    for (const m of page) {
      rename(m);
      rename(m.parent);
      rename(m.forwarded);
    }
  }
  for (const c of state.conversations.values()) {
    rename(c.current_user.last_message);
    rename(c.pinned_message);
  }
}

function mentions(text: string, username: string): boolean {
  const key = usernameKey(username);
  return [...text.matchAll(/@([A-Za-z0-9]+)/g)].some((m) => usernameKey(m[1] ?? '') === key);
}

/** Pivot fields of a user event payload (0/1 flags as booleans). */
function applyPivot(c: Conversation, payload: Record<string, unknown>): void {
  const pivot = c.pivot as Record<string, unknown>;
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'conversation_id' || key === 'deleted') continue;
    if (!(key in pivot)) continue;
    pivot[key] = typeof pivot[key] === 'boolean' ? value === 1 || value === true : value;
  }
}

async function refetch(state: ClientState, id: number, fetch: FetchConversation) {
  const fetched = await fetch(id);
  if (!fetched) return;
  state.conversations.set(id, fetched.conversation);
  if (fetched.messages) state.messages.set(id, fetched.messages);
}

/** Applies delivered frames in order; returns the new state (the input is left alone). */
export async function applyEvents(
  before: ClientState,
  frames: ServerFrame[],
  me: Person,
  fetchConversation: FetchConversation,
): Promise<ClientState> {
  const state: ClientState = clone(before);
  for (const frame of frames) {
    if (frame.op !== 'event') continue;
    if (frame.scope === 'conversation') {
      const id = frame.conversation_id;
      const c = state.conversations.get(id);
      if (!c) {
        // A conversation the client does not list (e.g. restored by this message): fetch it.
        if (!state.conversations.has(id)) await refetch(state, id, fetchConversation);
        continue;
      }
      // A copy fetched at last_seq already holds every event up to it (a
      // member who joins is sent the log from their joining, join included).
      if (frame.seq <= c.last_seq) continue;
      c.last_seq = frame.seq;
      const page = state.messages.get(id);
      switch (frame.type) {
        case 'message.new': {
          const m = frame.payload.message;
          if (page && !page.some((x) => x.id === m.id)) page.push(clone(m));
          c.current_user.last_message = preview(m);
          c.last_message_at = m.created_at;
          if (m.user_id !== me.id) {
            c.pivot.new_messages += 1;
            if (mentions(m.message, me.username)) c.pivot.mentioned_message_id = m.id;
          }
          break;
        }
        case 'message.edited': {
          const m = frame.payload.message;
          if (page) {
            const i = page.findIndex((x) => x.id === m.id);
            if (i >= 0) page[i] = clone(m);
          }
          if (c.current_user.last_message?.id === m.id) c.current_user.last_message = preview(m);
          updateRefs(state, m.id, refOf(m));
          break;
        }
        case 'message.deleted': {
          const messageId = Number(frame.payload.message_id);
          const senderId = frame.payload.user_id;
          const p = c.pivot;
          if (
            senderId !== me.id &&
            messageId > p.cleared &&
            (p.last_read_message_id === null || p.last_read_message_id < messageId) &&
            p.new_messages > 0
          ) {
            p.new_messages -= 1;
          }
          if (page) {
            const i = page.findIndex((x) => x.id === messageId);
            if (i >= 0) page.splice(i, 1);
          }
          if ('last_message' in frame.payload) {
            // The conversation's new last message (the client's cleared still hides it).
            const last = frame.payload.last_message as Message | null;
            c.last_message_at = last ? last.created_at : null;
            c.current_user.last_message = last && last.id > p.cleared ? preview(last) : null;
          }
          updateRefs(state, messageId, DELETED_REF(messageId));
          break;
        }
        case 'message.viewed': {
          const reader = Number(frame.payload.user_id);
          const upTo = Number(frame.payload.up_to);
          for (const m of page ?? []) {
            if (m.id <= upTo && m.user_id !== reader) m.views = 1;
          }
          break;
        }
        case 'conversation.pinned_message': {
          c.pinned_message = clone(frame.payload.pinned_message as MessageRef | null);
          break;
        }
        case 'conversation.created':
          break;
        case 'user.updated': {
          const p = frame.payload;
          if (c.friend?.id === p.user_id) {
            // A direct chat is titled and pictured after its friend.
            c.friend = { ...c.friend, name: p.name, avatar: p.avatar, status: p.status };
            c.name = p.name;
            c.avatar = p.avatar;
          }
          renameSender(state, p.user_id, p.name);
          if (p.user_id === me.id) {
            const { name, username, avatar, status } = p;
            Object.assign(state.user, { name, username, avatar, status });
          }
          break;
        }
        // Groups and channels: the count follows joins and departures; info is copied.
        case 'member.joined':
          c.members_count = (c.members_count ?? 0) + 1;
          break;
        case 'member.left':
        case 'member.removed':
          c.members_count = Math.max(0, (c.members_count ?? 0) - 1);
          break;
        case 'member.unblocked':
        case 'member.role':
          break;
        case 'conversation.info': {
          // The web's own rule (protocol): the token itself is not broadcast,
          // those who may see it fetch it.
          const change = applyInfoChange(c, frame.payload);
          Object.assign(c, change.conversation);
          if (change.refetch) await refetch(state, id, fetchConversation);
          break;
        }
      }
      continue;
    }
    // User events.
    const id = Number(frame.payload.conversation_id);
    const c = state.conversations.get(id);
    switch (frame.type) {
      case 'settings.changed':
        Object.assign(state.user, frame.payload);
        break;
      case 'conversation.joined':
      case 'conversation.restored': {
        await refetch(state, id, fetchConversation);
        break;
      }
      case 'conversation.updated':
        // A new role can change what the conversation shows (the invite token): fetch it.
        if (frame.payload.deleted === 0 || 'role' in frame.payload) {
          await refetch(state, id, fetchConversation);
        } else if (c) {
          applyPivot(c, frame.payload);
          if ('friend_blocked' in frame.payload && c.friend) {
            c.friend.pivot.blocked = frame.payload.friend_blocked === 1;
          }
        }
        break;
      case 'conversation.read':
        if (c) applyPivot(c, frame.payload);
        break;
      case 'conversation.cleared':
        if (c) {
          applyPivot(c, frame.payload);
          const cleared = c.pivot.cleared;
          const page = state.messages.get(id);
          if (page)
            state.messages.set(
              id,
              page.filter((m) => m.id > cleared),
            );
          if ((c.current_user.last_message?.id ?? 0) <= cleared) {
            c.current_user.last_message = null;
          }
        }
        break;
      case 'conversation.deleted':
        state.conversations.delete(id);
        state.messages.delete(id);
        break;
      case 'message.hidden': {
        const page = state.messages.get(id);
        const messageId = Number(frame.payload.message_id);
        if (page)
          state.messages.set(
            id,
            page.filter((m) => m.id !== messageId),
          );
        break;
      }
    }
  }
  // Derived: the global unread count.
  state.unread = [...state.conversations.values()]
    .filter((c) => countsInGlobalUnread(c.pivot))
    .reduce((sum, c) => sum + c.pivot.new_messages, 0);
  return state;
}

/** The comparable form: Maps become sorted plain objects. */
export function comparable(state: ClientState) {
  const byId = <T>(map: Map<number, T>) =>
    Object.fromEntries([...map.entries()].sort(([a], [b]) => a - b));
  return {
    user: state.user,
    conversations: byId(state.conversations),
    messages: byId(state.messages),
    unread: state.unread,
  };
}
