import { describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { samplePivot } from '../../test/http-fixtures';
import {
  applyClearedConversation,
  applyFlag,
  archivedConversations,
  emptyConversations,
  orderedConversations,
  upsertConversations,
} from '@parley/protocol/sync/list-reducers';
import { conversationActions } from './ui/ConversationMenu';

// The list's own changes around the archive (hidden chats): the global count
// keeps protocol `countsInGlobalUnread`, the two lists split on `hidden`.

const chat = (id: number, over: Partial<Conversation['pivot']> = {}): Conversation => ({
  id,
  type: 'direct',
  name: `Chat ${id}`,
  description: null,
  avatar: null,
  created_at: `2026-03-0${id}T09:00:00.000Z`,
  last_message_at: null,
  is_group: false,
  is_channel: false,
  is_saved: false,
  is_system: false,
  is_secret: false,
  is_official: false,
  friend: null,
  pinned_message: null,
  current_user: { last_message: null },
  pivot: samplePivot(over),
  last_seq: 1,
});

const held = (list: Conversation[], unreadTotal: number) => ({
  ...upsertConversations(emptyConversations, list),
  unreadTotal,
});

describe('the archive in the list state', () => {
  it('splits the list and the archive on hidden, each in spec 4 order', () => {
    const s = held([chat(1), chat(2, { hidden: true }), chat(3), chat(4, { hidden: true })], 0);
    expect(orderedConversations(s).map((c) => c.id)).toEqual([3, 1]);
    expect(archivedConversations(s).map((c) => c.id)).toEqual([4, 2]);
  });

  it('hiding takes the unread out of the global count and showing puts it back', () => {
    const s = held([chat(1, { new_messages: 3 }), chat(2, { new_messages: 2 })], 5);
    const hidden = applyFlag(s, 1, 'hidden', true);
    expect(hidden.unreadTotal).toBe(2);
    expect(applyFlag(hidden, 1, 'hidden', false).unreadTotal).toBe(5);
    // Muted and hidden: unmuting alone does not bring it into the count.
    const both = applyFlag(applyFlag(s, 1, 'muted', true), 1, 'hidden', true);
    expect(both.unreadTotal).toBe(2);
    expect(applyFlag(both, 1, 'muted', false).unreadTotal).toBe(2);
    expect(applyFlag(both, 1, 'hidden', false).unreadTotal).toBe(2);
  });

  it('clearing a hidden chat leaves the global count alone', () => {
    const s = held([chat(1, { new_messages: 3, hidden: true }), chat(2, { new_messages: 2 })], 2);
    const cleared = applyClearedConversation(s, 1);
    expect(cleared.byId[1]?.pivot.new_messages).toBe(0);
    expect(cleared.unreadTotal).toBe(2);
  });

  it('offers "show in chat list" in place of "hide" for a hidden chat', () => {
    expect(conversationActions(chat(1))).toContain('hide');
    const actions = conversationActions(chat(1, { hidden: true }));
    expect(actions).toContain('unhide');
    expect(actions).not.toContain('hide');
  });
});
