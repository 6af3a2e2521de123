import { describe, expect, it } from 'vitest';
import type { Message } from '../message';
import type { Reaction } from '../reactions';
import { applyHistoryFrame } from './history';
import type { HistoryState, HistoryThread } from './history';

// `message.reactions` on loaded history: the whole list replaces the
// message's, so the same event twice (or the local commit, then its echo)
// changes nothing, and a message not loaded is left alone.

const message = (id: number): Message => ({
  id,
  conversation_id: 1,
  uuid: `u${id}`,
  message: `m${id}`,
  type: 'text',
  file: null,
  attached_file: null,
  created_at: '2026-11-27T00:00:00.000Z',
  updated_at: '2026-11-27T00:00:00.000Z',
  edited: false,
  parent_id: null,
  parent: null,
  forwarded_id: null,
  forwarded: null,
  user_id: 7,
  sender: { id: 7, name: 'Ann' },
  views: 0,
  reactions: [],
});

const frame = (messageId: number, reactions: Reaction[], seq = 1) =>
  ({
    op: 'event',
    scope: 'conversation',
    conversation_id: 1,
    seq,
    type: 'message.reactions',
    payload: { message_id: messageId, reactions },
  }) as const;

const start: HistoryState<HistoryThread, never> = {
  threads: { 1: { messages: [message(1), message(2)], hasNewer: false } },
  pending: {},
};

describe('message.reactions on history', () => {
  const thumbs = [{ emoji: '👍', count: 2, user_ids: [7, 8] }];

  it('replaces the message’s list and no other', () => {
    const next = applyHistoryFrame(start, frame(2, thumbs));
    expect(next.threads[1]?.messages[1]?.reactions).toEqual(thumbs);
    expect(next.threads[1]?.messages[0]).toBe(start.threads[1]?.messages[0]);
  });

  it('is idempotent: the same list again returns the same state', () => {
    const once = applyHistoryFrame(start, frame(2, thumbs));
    expect(applyHistoryFrame(once, frame(2, thumbs, 2))).toBe(once);
  });

  it('takes the last reaction away with an empty list', () => {
    const once = applyHistoryFrame(start, frame(2, thumbs));
    expect(applyHistoryFrame(once, frame(2, [], 2)).threads[1]?.messages[1]?.reactions).toEqual([]);
  });

  it('leaves a message that is not loaded alone', () => {
    expect(applyHistoryFrame(start, frame(99, thumbs))).toBe(start);
  });
});
