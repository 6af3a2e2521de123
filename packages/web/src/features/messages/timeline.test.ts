import { describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol/message';
import { GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import type { PendingMessage } from './reducers';
import { buildTimeline } from './timeline';

let nextId = 1;
function message(userId: number, type = 'text', at = '2026-05-01T10:00:00Z'): Message {
  const id = nextId++;
  return {
    id,
    conversation_id: 1,
    uuid: `u${id}`,
    message: type === GROUP_NOTICE_TYPE ? '{"action":"joined","actor_id":2}' : `m${id}`,
    type,
    file: null,
    attached_file: null,
    created_at: at,
    updated_at: at,
    edited: false,
    parent_id: null,
    parent: null,
    forwarded_id: null,
    forwarded: null,
    user_id: userId,
    sender: { id: userId, name: `User ${userId}`, avatar: null },
    views: 0,
  };
}

const flags = (messages: Message[], options: { group: boolean; channel?: boolean }) =>
  buildTimeline(messages, [], { timeZone: 'UTC', lastReadId: null, ownId: 1, ...options }).map(
    (i) => [i.showSender, i.lastOfRun],
  );

describe('buildTimeline runs', () => {
  it('names the first of a run and puts the avatar on its last, others only', () => {
    const rows = [message(2), message(2), message(3), message(1), message(2)];
    expect(flags(rows, { group: true })).toEqual([
      [true, false],
      [false, true],
      [true, true],
      [false, false], // own
      [true, true],
    ]);
  });

  it('a service line stands alone and breaks the run around it', () => {
    const rows = [message(2), message(2, GROUP_NOTICE_TYPE), message(2)];
    expect(flags(rows, { group: true })).toEqual([
      [true, true],
      [false, false],
      [true, true],
    ]);
  });

  it('a new day starts a new run', () => {
    const rows = [message(2), message(2, 'text', '2026-05-02T10:00:00Z')];
    expect(flags(rows, { group: true })).toEqual([
      [true, true],
      [true, true],
    ]);
  });

  it('no avatars in channels or direct chats', () => {
    const rows = [message(2), message(2)];
    expect(flags(rows, { group: false }).map((f) => f[1])).toEqual([false, false]);
    expect(flags(rows, { group: true, channel: true }).map((f) => f[1])).toEqual([false, false]);
  });
});

describe('buildTimeline unread divider', () => {
  const dividerAt = (messages: Message[], pending: PendingMessage[] = []) =>
    buildTimeline(messages, pending, { timeZone: 'UTC', lastReadId: 0, ownId: 1, group: false })
      .filter((i) => i.firstUnread)
      .map((i) => i.key);

  it('stands above the first unread until the reader answers below it', () => {
    const theirs = [message(2), message(2)];
    expect(dividerAt(theirs)).toEqual([theirs[0]?.uuid]);
    expect(dividerAt([...theirs, message(1)])).toEqual([]);
  });

  it('goes as soon as the reader’s answer is on its way', () => {
    const sending: PendingMessage = {
      uuid: 'p1',
      conversationId: 1,
      text: 'yes',
      parent: null,
      createdAt: '2026-05-01T10:01:00Z',
      error: null,
    };
    expect(dividerAt([message(2)], [sending])).toEqual([]);
  });
});
