import { describe, expect, it } from 'vitest';
import { archiveSummary } from './archive';
import { countsInGlobalUnread } from './unread';

const c = (hidden: boolean, new_messages: number) => ({ pivot: { hidden, new_messages } });

describe('archive rules', () => {
  it('counts hidden chats, and those of them with something unread', () => {
    expect(archiveSummary([c(true, 0), c(true, 3), c(false, 5), c(true, 1)])).toEqual({
      chats: 3,
      unreadChats: 2,
    });
    expect(archiveSummary([c(false, 2)])).toEqual({ chats: 0, unreadChats: 0 });
  });

  it('keeps muted and hidden chats out of the global unread count', () => {
    expect(countsInGlobalUnread({ muted: false, hidden: false })).toBe(true);
    expect(countsInGlobalUnread({ muted: true, hidden: false })).toBe(false);
    expect(countsInGlobalUnread({ muted: false, hidden: true })).toBe(false);
    expect(countsInGlobalUnread({ muted: true, hidden: true })).toBe(false);
  });
});
