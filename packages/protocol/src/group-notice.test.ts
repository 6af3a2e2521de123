import { describe, expect, it } from 'vitest';
import { GROUP_NOTICE_TYPE, recordsDepartureOf } from './group-notice';
import { emptyConversations } from './sync/list-reducers';
import { applyConversationFrame } from './sync/list-events';
import type { Message } from './message';
import type { ConversationEventFrame } from './realtime';

// The line of one's own leaving or removal: not news of a chat to show. The
// chat list, which may already have dropped the chat, must not fetch it.

const ME = 7;
const OTHER = 9;
const line = (text: object) => ({ type: GROUP_NOTICE_TYPE, message: JSON.stringify(text) });

describe('recordsDepartureOf', () => {
  it('is true for my leaving and my removal only', () => {
    expect(recordsDepartureOf(line({ action: 'left', actor_id: ME }), ME)).toBe(true);
    expect(
      recordsDepartureOf(line({ action: 'removed', actor_id: OTHER, target_id: ME }), ME),
    ).toBe(true);
    expect(recordsDepartureOf(line({ action: 'left', actor_id: OTHER }), ME)).toBe(false);
    expect(
      recordsDepartureOf(line({ action: 'removed', actor_id: ME, target_id: OTHER }), ME),
    ).toBe(false);
    expect(
      recordsDepartureOf({ type: 'text', message: '{"action":"left","actor_id":7}' }, ME),
    ).toBe(false);
    expect(recordsDepartureOf({ type: GROUP_NOTICE_TYPE, message: 'not json' }, ME)).toBe(false);
  });

  it('keeps the chat list from fetching a chat on my own departure line, not on others’', () => {
    const frame = (id: number, text: object): ConversationEventFrame => ({
      op: 'event',
      scope: 'conversation',
      conversation_id: 44,
      seq: id,
      type: 'message.new',
      payload: { message_id: id, message: { id, conversation_id: 44, ...line(text) } as Message },
    });
    const self = { id: ME, username: 'ada' };
    const refetch = (text: object) =>
      applyConversationFrame(emptyConversations, frame(3, text), self).refetch;
    expect(refetch({ action: 'left', actor_id: ME })).toEqual([]);
    expect(refetch({ action: 'removed', actor_id: OTHER, target_id: ME })).toEqual([]);
    expect(refetch({ action: 'left', actor_id: OTHER })).toEqual([44]);
  });
});
