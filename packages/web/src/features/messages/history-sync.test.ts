import { describe, expect, it } from 'vitest';
import { conversationEventFrameSchema } from '@parley/protocol/realtime';
import type { ConversationEventFrame } from '@parley/protocol/realtime';
import { applyCommitToHistory } from '@parley/protocol/sync/commits';
import { applyHistoryFrame } from '@parley/protocol/sync/history';
import { sampleMessage } from '../../test/http-fixtures';
import { addPending, applyPage, emptyMessages, hydrateThreads, pendingOf } from './reducers';
import type { MessagesState } from './reducers';

// History reducers fed with realtime frames; our own send and its echo meet.

const OWN = 7;

/** Test frames go through the protocol schema, as the socket's would. */
const frame = (
  type: ConversationEventFrame['type'],
  payload: Record<string, unknown>,
  seq = 1,
): ConversationEventFrame =>
  conversationEventFrameSchema.parse({
    op: 'event',
    scope: 'conversation',
    conversation_id: 5,
    seq,
    type,
    payload,
  });

const opened = (): MessagesState =>
  applyPage(
    emptyMessages,
    5,
    {
      messages: [sampleMessage(1, 'a'), sampleMessage(2, 'b')],
      has_older: false,
      has_newer: false,
    },
    'latest',
  );

const withPending = (s: MessagesState) =>
  addPending(s, {
    uuid: 'mine',
    conversationId: 5,
    text: 'text 3',
    parent: null,
    createdAt: '2026-03-01T10:00:01.000Z',
    error: null,
  });

const ids = (s: MessagesState) => s.threads[5]?.messages.map((m) => m.id);

describe('optimistic send vs the echoed message.new', () => {
  it('HTTP reply first, then the echo: one message, no pending', () => {
    const confirmed = sampleMessage(3, 'mine');
    let s = withPending(opened());
    s = applyCommitToHistory(s, { type: 'message.sent', message: confirmed });
    s = applyHistoryFrame(s, frame('message.new', { message_id: 3, message: confirmed }));
    expect(ids(s)).toEqual([1, 2, 3]);
    expect(pendingOf(s, 5)).toEqual([]);
  });

  it('echo first, then the HTTP reply: the same', () => {
    const confirmed = sampleMessage(3, 'mine');
    let s = withPending(opened());
    s = applyHistoryFrame(s, frame('message.new', { message_id: 3, message: confirmed }));
    expect(pendingOf(s, 5)).toEqual([]);
    s = applyCommitToHistory(s, { type: 'message.sent', message: confirmed });
    expect(ids(s)).toEqual([1, 2, 3]);
  });

  it('edits replace by id; deletes, views and garbage payloads', () => {
    let s = opened();
    const edited = { ...sampleMessage(2, 'b'), message: 'changed', edited: true };
    s = applyHistoryFrame(s, frame('message.edited', { message_id: 2, message: edited }));
    expect(s.threads[5]?.messages[1]?.message).toBe('changed');
    s = applyHistoryFrame(s, frame('message.viewed', { user_id: OWN, up_to: 2 }));
    expect(s.threads[5]?.messages.map((m) => m.views)).toEqual([0, 0]);
    s = applyHistoryFrame(s, frame('message.viewed', { user_id: 9, up_to: 1 }));
    expect(s.threads[5]?.messages.map((m) => m.views)).toEqual([1, 0]);
    // A payload that breaks the contract never reaches the applier: the schema refuses it.
    expect(() => frame('message.deleted', { id: 'x' })).toThrow();
    s = applyHistoryFrame(s, frame('message.deleted', { message_id: 1, user_id: OWN }));
    expect(ids(s)).toEqual([2]);
  });

  it('a new name reaches the sender of messages and of quoted and forwarded ones', () => {
    const other = sampleMessage(3, 'c', { user_id: 9 });
    const quoting = {
      ...sampleMessage(4, 'd'),
      parent_id: 3,
      parent: { id: 3, message: 'x', type: 'text', sender: { id: 9, name: 'Ada' }, deleted: false },
    };
    let s = applyPage(
      emptyMessages,
      5,
      { messages: [other, quoting], has_older: false, has_newer: false },
      'latest',
    );
    const profile = { user_id: 9, name: 'Grace', username: 'grace', avatar: null, status: null };
    s = applyHistoryFrame(s, frame('user.updated', profile));
    const [renamed, reply] = s.threads[5]?.messages ?? [];
    expect(renamed?.sender?.name).toBe('Grace');
    expect(reply?.sender?.name).toBe('Ada'); // someone else's message keeps its name
    expect(reply?.parent?.sender?.name).toBe('Grace');
    // Nothing of theirs here: the same state object.
    expect(applyHistoryFrame(s, frame('user.updated', { ...profile, user_id: 42 }))).toBe(s);
  });

  it('user frames: hidden for me, cleared history', () => {
    let s = opened();
    s = applyHistoryFrame(s, {
      op: 'event',
      scope: 'user',
      seq: 1,
      type: 'conversation.cleared',
      payload: { conversation_id: 5, cleared: 1, new_messages: 0, mentioned_message_id: null },
    });
    expect(ids(s)).toEqual([2]);
    s = applyHistoryFrame(s, {
      op: 'event',
      scope: 'user',
      seq: 2,
      type: 'message.hidden',
      payload: { conversation_id: 5, message_id: 2 },
    });
    expect(ids(s)).toEqual([]);
  });

  it('channel view counts: set from message.views, never lowered by an older one', () => {
    const counts = (pairs: [number, number][], seq: number) =>
      frame(
        'message.views',
        { counts: pairs.map(([id, views]) => ({ message_id: id, views })) },
        seq,
      );
    let s = applyHistoryFrame(
      opened(),
      counts(
        [
          [1, 4],
          [2, 2],
          [99, 7],
        ],
        1,
      ),
    );
    expect(s.threads[5]?.messages.map((m) => m.views)).toEqual([4, 2]);
    // A backlog's older event after a fresher page: the higher count stays.
    s = applyHistoryFrame(s, counts([[1, 3]], 2));
    expect(s.threads[5]?.messages.map((m) => m.views)).toEqual([4, 2]);
    // The schema bounds the event: none empty.
    expect(() => frame('message.views', { counts: [] })).toThrow();
  });

  it('the cache fills only threads the network has not brought, and keeps the queue', () => {
    const s = hydrateThreads(
      opened(),
      [
        { conversationId: 5, messages: [sampleMessage(9, 'z')] },
        { conversationId: 6, messages: [sampleMessage(4, 'y')] },
      ],
      [
        {
          uuid: 'queued',
          conversationId: 6,
          text: 'offline',
          parent: null,
          createdAt: '2026-03-01T10:00:00.000Z',
          error: null,
        },
      ],
    );
    expect(ids(s)).toEqual([1, 2]);
    expect(s.threads[6]?.messages.map((m) => m.id)).toEqual([4]);
    expect(pendingOf(s, 6).map((p) => p.uuid)).toEqual(['queued']);
  });
});
