import { describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol/message';
import { firstUnreadId, offersFirstUnread } from './first-unread';
import { buildTimeline } from './timeline';

const OWN = 1;
const FRIEND = 2;
const at = (id: number, userId: number = FRIEND): Message => ({
  id,
  conversation_id: 5,
  uuid: `u${id}`,
  message: `m${id}`,
  type: 'text',
  file: null,
  attached_file: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  edited: false,
  parent_id: null,
  parent: null,
  forwarded_id: null,
  forwarded: null,
  user_id: userId,
  sender: { id: userId, name: `user ${userId}` },
  views: 0,
});

describe('firstUnreadId', () => {
  it('is the first message after the marker in a window that holds the marker', () => {
    const window = [at(8), at(9), at(12), at(13)];
    expect(firstUnreadId(window, { lastReadId: 9, ownId: OWN, hasOlder: true })).toBe(12);
  });

  it('skips one’s own messages: they are never unread', () => {
    const window = [at(9), at(10, OWN), at(11, OWN), at(12)];
    expect(firstUnreadId(window, { lastReadId: 9, ownId: OWN, hasOlder: true })).toBe(12);
  });

  it('cannot tell from a window that starts after the marker with older messages unloaded', () => {
    // The newest page of a long unread run: the first unread lies before it.
    const newest = [at(60), at(61), at(62)];
    expect(firstUnreadId(newest, { lastReadId: 9, ownId: OWN, hasOlder: true })).toBeNull();
  });

  it('is the very first message when nothing was ever read and the window starts the history', () => {
    const window = [at(3), at(4)];
    expect(firstUnreadId(window, { lastReadId: null, ownId: OWN, hasOlder: false })).toBe(3);
    expect(firstUnreadId(window, { lastReadId: null, ownId: OWN, hasOlder: true })).toBeNull();
  });

  it('is null when everything held is read, or nothing is held', () => {
    expect(firstUnreadId([at(8), at(9)], { lastReadId: 9, ownId: OWN, hasOlder: true })).toBeNull();
    expect(firstUnreadId([], { lastReadId: 9, ownId: OWN, hasOlder: false })).toBeNull();
  });
});

describe('offersFirstUnread', () => {
  it('offers it once the reader is above the last message they read, with unread left', () => {
    expect(offersFirstUnread({ unread: 30, lastReadId: 50, newestVisibleId: 40 })).toBe(true);
  });

  it('does not while reading on at the edge, or with nothing unread', () => {
    expect(offersFirstUnread({ unread: 30, lastReadId: 50, newestVisibleId: 50 })).toBe(false);
    expect(offersFirstUnread({ unread: 30, lastReadId: 50, newestVisibleId: 55 })).toBe(false);
    expect(offersFirstUnread({ unread: 0, lastReadId: 50, newestVisibleId: 40 })).toBe(false);
    expect(offersFirstUnread({ unread: 3, lastReadId: null, newestVisibleId: 40 })).toBe(false);
    expect(offersFirstUnread({ unread: 3, lastReadId: 50, newestVisibleId: null })).toBe(false);
  });
});

describe('the "Unread messages" divider in the timeline', () => {
  const divided = (messages: Message[], hasOlder: boolean) =>
    buildTimeline(messages, [], {
      timeZone: 'UTC',
      lastReadId: 9,
      ownId: OWN,
      group: false,
      hasOlder,
    })
      .filter((item) => item.firstUnread)
      .map((item) => item.message?.id);

  it('stands above the first unread when the window holds where reading stopped', () => {
    expect(divided([at(8), at(9), at(12), at(13)], true)).toEqual([12]);
  });

  it('is left out of a window wholly after the marker (the newest page after a jump)', () => {
    expect(divided([at(60), at(61)], true)).toEqual([]);
  });
});
