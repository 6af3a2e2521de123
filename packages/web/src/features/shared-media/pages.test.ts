import { describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol/message';
import { appendPage, nextBefore, NO_PAGES, refreshFirstPage } from './pages';

const m = (id: number) => ({ id }) as Message;
const ids = (items: Message[]) => items.map((x) => x.id);

describe('shared media pages', () => {
  it('appends older pages and keeps a repeated id once', () => {
    const first = appendPage(NO_PAGES, { messages: [m(9), m(8), m(7)], has_more: true });
    expect(nextBefore(first)).toBe(7);
    const second = appendPage(first, { messages: [m(7), m(5)], has_more: false });
    expect(ids(second.items)).toEqual([9, 8, 7, 5]);
    expect(nextBefore(second)).toBeUndefined();
  });

  it('refreshes the newest page without dropping the older pages already loaded', () => {
    const loaded = { items: [m(9), m(8), m(7), m(5), m(3)], hasMore: true };
    // A new picture (12) arrived and 8 was deleted; the newest page covers down to 7.
    const next = refreshFirstPage(loaded, { messages: [m(12), m(9), m(7)], has_more: true });
    expect(ids(next.items)).toEqual([12, 9, 7, 5, 3]);
    expect(next.hasMore).toBe(true);
  });

  it('takes the newest page alone when it is the whole list', () => {
    const loaded = { items: [m(9), m(8)], hasMore: false };
    const next = refreshFirstPage(loaded, { messages: [m(9)], has_more: false });
    expect(ids(next.items)).toEqual([9]);
    expect(next.hasMore).toBe(false);
  });

  it('asks for more after a refresh when nothing older was loaded yet', () => {
    const next = refreshFirstPage(NO_PAGES, { messages: [m(4), m(3)], has_more: true });
    expect(next.hasMore).toBe(true);
    expect(nextBefore(next)).toBe(3);
  });
});
