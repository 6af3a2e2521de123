import { describe, expect, it } from 'vitest';
import { byOrder, firstKeys, keyAfter } from './task-order';

describe('task order keys', () => {
  const list = firstKeys(3).map((order, i) => ({ id: i + 1, order }));

  it('places an item first, last, or right after a sibling, without touching the others', () => {
    const first = keyAfter(list, null) ?? '';
    const last = keyAfter(list, undefined) ?? '';
    const second = keyAfter(list, 1) ?? '';
    const items = [
      ...list,
      { id: 10, order: first },
      { id: 11, order: last },
      { id: 12, order: second },
    ];
    expect(items.sort(byOrder).map((i) => i.id)).toEqual([10, 1, 12, 2, 3, 11]);
  });

  it('moving skips the item itself; an unknown sibling is null', () => {
    expect(keyAfter(list, 2, 2)).toBeNull();
    expect(keyAfter(list, 99)).toBeNull();
    const moved = keyAfter(list, 3, 1) ?? '';
    expect(moved > (list[2]?.order ?? '')).toBe(true);
  });

  it('equal keys (two offline clients) still leave room after them', () => {
    const tied = [
      { id: 1, order: 'a0' },
      { id: 2, order: 'a0' },
      { id: 3, order: 'a1' },
    ];
    const key = keyAfter(tied, 1) ?? '';
    expect(key > 'a0' && key < 'a1').toBe(true);
  });

  it('sorts in code-unit order, not locale order', () => {
    const items = [
      { id: 1, order: 'a' },
      { id: 2, order: 'Z' },
    ];
    expect(items.sort(byOrder).map((i) => i.id)).toEqual([2, 1]);
  });
});
