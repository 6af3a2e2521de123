import { describe, expect, it } from 'vitest';
import type { Conversation, Pivot } from '../conversation';
import type { Message } from '../message';
import type { ConversationEventFrame, UserEventFrame } from '../realtime';
import { applyConversationFrame, applyUserFrame } from './list-events';
import { emptyConversations, resumePositions, upsertConversations } from './list-reducers';
import type { ConversationsState } from './list-reducers';

// The list's reducers fed with real frames (docs/REALTIME.md payloads).

const OWN = 7;
const FRIEND = 9;
const SELF = { id: OWN, username: 'ada' };

const samplePivot = (over: Partial<Pivot> = {}): Pivot => ({
  muted: false,
  blocked: false,
  pinned: false,
  hidden: false,
  new_messages: 0,
  mentioned_message_id: null,
  last_read_message_id: null,
  cleared: 0,
  folder_id: null,
  notifications: true,
  keyboard: null,
  role: null,
  ...over,
});

const conversation = (id: number, over: Partial<Conversation['pivot']> = {}): Conversation => ({
  id,
  type: 'direct',
  name: null,
  description: null,
  avatar: null,
  created_at: '2026-03-01T09:00:00.000Z',
  last_message_at: '2026-03-01T10:00:00.000Z',
  is_group: false,
  is_channel: false,
  is_saved: false,
  is_system: false,
  is_secret: false,
  is_official: false,
  friend: { id: FRIEND, name: 'Grace', avatar: null, status: null, pivot: { blocked: false } },
  pinned_message: null,
  current_user: {
    last_message: {
      id: 100,
      message: 'old',
      type: 'text',
      created_at: '2026-03-01T10:00:00.000Z',
      user_id: FRIEND,
      sender: { id: FRIEND, name: 'Grace' },
    },
  },
  pivot: samplePivot({ last_read_message_id: 100, ...over }),
  last_seq: 10,
});

const message = (id: number, from: number, conversationId = 5): Message => ({
  id,
  conversation_id: conversationId,
  uuid: `uuid-${id}`,
  message: `text ${id}`,
  type: 'text',
  file: null,
  attached_file: null,
  created_at: '2026-03-01T11:00:00.000Z',
  updated_at: '2026-03-01T11:00:00.000Z',
  edited: false,
  parent_id: null,
  parent: null,
  forwarded_id: null,
  forwarded: null,
  user_id: from,
  sender: { id: from, name: from === OWN ? 'Ada' : 'Grace' },
  views: 0,
});

const newMessage = (seq: number, m: Message): ConversationEventFrame => ({
  op: 'event',
  scope: 'conversation',
  conversation_id: m.conversation_id,
  seq,
  type: 'message.new',
  payload: { message_id: m.id, message: m },
});

const read = (seq: number, conversationId: number, upTo: number): UserEventFrame => ({
  op: 'event',
  scope: 'user',
  seq,
  type: 'conversation.read',
  payload: {
    conversation_id: conversationId,
    last_read_message_id: upTo,
    new_messages: 0,
    mentioned_message_id: null,
  },
});

const start = (...list: Conversation[]): ConversationsState => ({
  ...upsertConversations(emptyConversations, list),
  unreadTotal: list.reduce((n, c) => n + c.pivot.new_messages, 0),
});

describe('conversation frames', () => {
  it('conversation.info: the changed fields in place, no refetch for a plain member', () => {
    const group = { ...conversation(6), type: 'group' as const, is_group: true, friend: null };
    const frame: ConversationEventFrame = {
      op: 'event',
      scope: 'conversation',
      conversation_id: 6,
      seq: 11,
      type: 'conversation.info',
      payload: { name: 'Hill walkers', description: 'Sundays' },
    };
    const { state, refetch } = applyConversationFrame(start(group), frame, SELF);
    expect(state.byId[6]).toMatchObject({
      name: 'Hill walkers',
      description: 'Sundays',
      last_seq: 11,
    });
    expect(refetch).toEqual([]);
    const invite = { ...frame, seq: 12, payload: { invitation_changed: true } };
    const owner = { ...group, pivot: { ...group.pivot, role: 'owner' as const } };
    expect(applyConversationFrame(start(group), invite, SELF).refetch).toEqual([]);
    expect(applyConversationFrame(start(owner), invite, SELF).refetch).toEqual([6]);
  });

  it("someone else's message: preview, unread +1 and global +1, seq moves", () => {
    const { state, refetch } = applyConversationFrame(
      start(conversation(5)),
      newMessage(11, message(101, FRIEND)),
      SELF,
    );
    const c = state.byId[5];
    expect(c?.current_user.last_message?.message).toBe('text 101');
    expect(c?.pivot.new_messages).toBe(1);
    expect(state.unreadTotal).toBe(1);
    expect(c?.last_seq).toBe(11);
    expect(resumePositions(state)).toEqual({ '5': 11 });
    expect(refetch).toEqual([]);
  });

  it('own messages and muted chats leave the global count alone', () => {
    const own = applyConversationFrame(
      start(conversation(5)),
      newMessage(11, message(101, OWN)),
      SELF,
    );
    expect(own.state.byId[5]?.pivot.new_messages).toBe(0);
    expect(own.state.unreadTotal).toBe(0);

    const muted = applyConversationFrame(
      start(conversation(5, { muted: true })),
      newMessage(11, message(101, FRIEND)),
      SELF,
    );
    expect(muted.state.byId[5]?.pivot.new_messages).toBe(1);
    expect(muted.state.unreadTotal).toBe(0);
  });

  it('a hidden chat (the archive) counts in the global count no more than a muted one', () => {
    const hidden = { ...start(conversation(5, { hidden: true, new_messages: 2 })), unreadTotal: 0 };
    const { state } = applyConversationFrame(hidden, newMessage(11, message(101, FRIEND)), SELF);
    expect(state.byId[5]?.pivot.new_messages).toBe(3);
    expect(state.unreadTotal).toBe(0);
    const readAll = applyUserFrame(state, read(1, 5, 101));
    expect(readAll.state.byId[5]?.pivot.new_messages).toBe(0);
    expect(readAll.state.unreadTotal).toBe(0);
    const deleted = applyUserFrame(
      { ...state, unreadTotal: 4 },
      {
        op: 'event',
        scope: 'user',
        seq: 1,
        type: 'conversation.deleted',
        payload: {
          conversation_id: 5,
          cleared: 101,
          new_messages: 0,
          mentioned_message_id: null,
          deleted: 1,
          pinned: 0,
        },
      },
    );
    expect(deleted.state.unreadTotal).toBe(4);
    // The server brought it back (`hidden: 0`): applied from the payload, its unread counts again.
    const back = applyUserFrame(state, {
      op: 'event',
      scope: 'user',
      seq: 1,
      type: 'conversation.updated',
      payload: { conversation_id: 5, hidden: 0 },
    });
    expect(back.refetch).toEqual([]);
    expect(back.state.byId[5]?.pivot.hidden).toBe(false);
    expect(back.state.unreadTotal).toBe(3);
  });

  it('an event at or below the held seq (already in a fetched copy) changes nothing', () => {
    const before = start(conversation(5));
    const { state } = applyConversationFrame(before, newMessage(10, message(101, FRIEND)), SELF);
    expect(state).toBe(before);
  });

  it('an unknown conversation is fetched', () => {
    expect(
      applyConversationFrame(start(), newMessage(3, message(50, FRIEND, 44)), SELF).refetch,
    ).toEqual([44]);
  });

  it('a mention of oneself sets the badge at once (no reload, no fetch)', () => {
    const m = { ...message(101, FRIEND), message: 'hi @Ada, look' };
    const { state, refetch } = applyConversationFrame(
      start(conversation(5)),
      newMessage(11, m),
      SELF,
    );
    expect(state.byId[5]?.pivot.mentioned_message_id).toBe(101);
    expect(refetch).toEqual([]);
    const other = { ...message(102, FRIEND), message: 'hi @adam' };
    const none = applyConversationFrame(start(conversation(5)), newMessage(11, other), SELF);
    expect(none.state.byId[5]?.pivot.mentioned_message_id).toBeNull();
  });

  it('deleting an unread last message: unread −1 and the new preview from the payload', () => {
    const s = start(conversation(5, { new_messages: 1 }));
    const previous = message(99, FRIEND);
    const deleted = applyConversationFrame(
      {
        ...s,
        byId: {
          5: {
            ...conversation(5, { new_messages: 1, last_read_message_id: 99 }),
            current_user: { last_message: { ...previous, id: 100 } },
          },
        },
      },
      {
        op: 'event',
        scope: 'conversation',
        conversation_id: 5,
        seq: 11,
        type: 'message.deleted',
        payload: { message_id: 100, user_id: FRIEND, last_message_id: 99, last_message: previous },
      },
      SELF,
    );
    expect(deleted.refetch).toEqual([]);
    const c = deleted.state.byId[5];
    expect(c?.last_seq).toBe(11);
    expect(c?.pivot.new_messages).toBe(0);
    expect(deleted.state.unreadTotal).toBe(0);
    expect(c?.current_user.last_message?.id).toBe(99);
  });

  it('a fetched copy older than what the events built does not overwrite it', () => {
    const { state } = applyConversationFrame(
      start(conversation(5)),
      newMessage(11, message(101, FRIEND)),
      SELF,
    );
    const stale = upsertConversations(state, [conversation(5)]);
    expect(stale.byId[5]?.pivot.new_messages).toBe(1);
    const fresh = upsertConversations(state, [{ ...conversation(5), last_seq: 12 }]);
    expect(fresh.byId[5]?.last_seq).toBe(12);
  });
});

describe('user frames', () => {
  it('a read elsewhere resets the counter and lowers the global count (rules/unread)', () => {
    const s = start(conversation(5, { new_messages: 3, last_read_message_id: 97 }), {
      ...conversation(6, { new_messages: 2 }),
      id: 6,
    });
    expect(s.unreadTotal).toBe(5);
    const { state } = applyUserFrame(s, read(4, 5, 100));
    expect(state.byId[5]?.pivot.new_messages).toBe(0);
    expect(state.byId[5]?.pivot.last_read_message_id).toBe(100);
    expect(state.unreadTotal).toBe(2);
    expect(state.userSeq).toBe(4);
  });

  it('an older read (a replayed backlog) and a seen seq change nothing', () => {
    const s = { ...start(conversation(5, { new_messages: 2 })), userSeq: 3 };
    const replayed = applyUserFrame(s, read(2, 5, 90));
    expect(replayed.state).toBe(s);
    const older = applyUserFrame(s, read(4, 5, 90));
    expect(older.state.byId[5]?.pivot.new_messages).toBe(2);
    expect(older.state.userSeq).toBe(4);
  });

  it('deleted removes the row and its unread; joined and a reopened link are fetched', () => {
    const s = start(conversation(5, { new_messages: 2 }));
    const removed = applyUserFrame(s, {
      op: 'event',
      scope: 'user',
      seq: 1,
      type: 'conversation.deleted',
      payload: {
        conversation_id: 5,
        cleared: 100,
        new_messages: 0,
        mentioned_message_id: null,
        deleted: 1,
        pinned: 0,
      },
    });
    expect(removed.state.byId[5]).toBeUndefined();
    expect(removed.state.unreadTotal).toBe(0);
    const joined = applyUserFrame(s, {
      op: 'event',
      scope: 'user',
      seq: 1,
      type: 'conversation.joined',
      payload: { conversation_id: 8 },
    });
    expect(joined.refetch).toEqual([8]);
    const reopened = applyUserFrame(s, {
      op: 'event',
      scope: 'user',
      seq: 1,
      type: 'conversation.updated',
      payload: { conversation_id: 5, deleted: 0 },
    });
    expect(reopened.refetch).toEqual([5]);
  });

  it("updated: flags and the friend's block applied from the payload, no fetch", () => {
    const s = start(conversation(5, { new_messages: 2 }));
    const { state, refetch } = applyUserFrame(s, {
      op: 'event',
      scope: 'user',
      seq: 1,
      type: 'conversation.updated',
      payload: { conversation_id: 5, muted: 1, friend_blocked: 1 },
    });
    expect(refetch).toEqual([]);
    expect(state.byId[5]?.pivot.muted).toBe(true);
    expect(state.byId[5]?.friend?.pivot.blocked).toBe(true);
    expect(state.unreadTotal).toBe(0);
  });
});

describe('bots (docs/BOTS.md)', () => {
  const userFrame = (seq: number, frame: Pick<UserEventFrame, 'type' | 'payload'>) =>
    ({ op: 'event', scope: 'user', seq, ...frame }) as UserEventFrame;

  it("a bot's reply keyboard lands on the pivot with its options; removing it clears both", () => {
    const options = { one_time: true, resize: true, placeholder: 'Pick' };
    const set = applyUserFrame(
      start(conversation(5)),
      userFrame(20, {
        type: 'conversation.updated',
        payload: { conversation_id: 5, keyboard: [['Yes', 'No']], keyboard_options: options },
      }),
    );
    expect(set.state.byId[5]?.pivot).toMatchObject({
      keyboard: [['Yes', 'No']],
      keyboard_options: options,
    });
    const removed = applyUserFrame(
      set.state,
      userFrame(21, {
        type: 'conversation.updated',
        payload: { conversation_id: 5, keyboard: null, keyboard_options: null },
      }),
    );
    expect(removed.state.byId[5]?.pivot).toMatchObject({ keyboard: null, keyboard_options: null });
  });

  it('bot.callback_answer changes nothing but the seq', () => {
    const before = start(conversation(5));
    const { state, refetch } = applyUserFrame(
      before,
      userFrame(30, {
        type: 'bot.callback_answer',
        payload: {
          conversation_id: 5,
          message_id: 9,
          query_id: '123',
          text: 'Done',
          show_alert: false,
          url: null,
        },
      }),
    );
    expect(refetch).toEqual([]);
    expect(state.byId).toEqual(before.byId);
    expect(state.userSeq).toBe(30);
  });
});
