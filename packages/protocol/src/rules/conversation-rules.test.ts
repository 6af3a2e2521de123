import { describe, expect, it } from 'vitest';
import { isConversationBlocked } from './blocked';
import { compareConversations, sortConversations } from './list-order';
import type { Orderable } from './list-order';

const c = (
  id: number,
  created: string,
  last: string | null,
  flags: { pinned?: boolean; muted?: boolean } = {},
): Orderable => ({
  id,
  created_at: created,
  last_message_at: last,
  pivot: { pinned: flags.pinned ?? false, muted: flags.muted ?? false },
});

describe('list order (spec 4)', () => {
  const old = c(1, '2026-01-01T00:00:00Z', '2026-01-05T00:00:00Z');
  const fresh = c(2, '2026-01-02T00:00:00Z', null);
  const newest = c(3, '2026-01-01T00:00:00Z', '2026-01-10T00:00:00Z');
  const pinned = c(4, '2025-01-01T00:00:00Z', null, { pinned: true });
  const muted = c(5, '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', { muted: true });

  it('puts pinned first, then the newest by last message else creation time', () => {
    expect(sortConversations([old, fresh, newest, pinned, muted]).map((x) => x.id)).toEqual([
      4, 5, 3, 1, 2,
    ]);
  });

  it('puts muted last only when asked', () => {
    expect(
      sortConversations([old, fresh, newest, pinned, muted], { mutedLast: true }).map((x) => x.id),
    ).toEqual([4, 3, 1, 2, 5]);
  });

  it('keeps a pinned muted conversation among the pinned', () => {
    const both = c(6, '2020-01-01T00:00:00Z', null, { pinned: true, muted: true });
    expect(sortConversations([newest, both], { mutedLast: true })[0]?.id).toBe(6);
  });

  it('breaks ties by the higher id and does not mutate its input', () => {
    const a = c(7, '2026-01-01T00:00:00Z', null);
    const b = c(8, '2026-01-01T00:00:00Z', null);
    const input = [a, b];
    expect(sortConversations(input).map((x) => x.id)).toEqual([8, 7]);
    expect(input.map((x) => x.id)).toEqual([7, 8]);
    expect(compareConversations(a, a)).toBe(0);
  });

  it('falls back to the last message of current_user', () => {
    const withPreview: Orderable = {
      id: 9,
      created_at: '2020-01-01T00:00:00Z',
      current_user: { last_message: { created_at: '2027-01-01T00:00:00Z' } },
      pivot: { pinned: false, muted: false },
    };
    expect(sortConversations([newest, withPreview])[0]?.id).toBe(9);
  });
});

describe('blocked (spec 4)', () => {
  it('is blocked when the pivot or the friend is blocked', () => {
    expect(isConversationBlocked({ pivot: { blocked: false } })).toBe(false);
    expect(isConversationBlocked({ pivot: { blocked: 1 } })).toBe(true);
    expect(
      isConversationBlocked({ pivot: { blocked: 0 }, friend: { pivot: { blocked: true } } }),
    ).toBe(true);
    expect(isConversationBlocked({ pivot: null, friend: null })).toBe(false);
    expect(isConversationBlocked({})).toBe(false);
  });
});
