import { describe, expect, it } from 'vitest';
import { ListenerIndex } from './listener-index';

// The index keeps a lone listener without a Set; from the outside it must
// behave exactly like a Map of Sets whatever the number of listeners.

describe('ListenerIndex', () => {
  it('says when a key gets its first listener and loses its last', () => {
    const index = new ListenerIndex<string, () => void>();
    const a = () => {};
    const b = () => {};
    const c = () => {};
    expect(index.add('k', a)).toBe(true);
    expect(index.add('k', a)).toBe(false); // already there: nothing changes
    expect(index.listeners('k')).toEqual([a]);
    expect(index.add('k', b)).toBe(false);
    expect(index.add('k', c)).toBe(false);
    expect(index.listeners('k')).toEqual([a, b, c]);
    expect(index.remove('k', b)).toBe(false);
    expect(index.remove('k', b)).toBe(false); // not there any more
    expect(index.remove('k', a)).toBe(false);
    expect(index.listeners('k')).toEqual([c]);
    expect(index.add('k', a)).toBe(false);
    expect(index.listeners('k')).toEqual([c, a]);
    expect(index.remove('k', a)).toBe(false);
    expect(index.remove('k', c)).toBe(true);
    expect(index.has('k')).toBe(false);
    expect(index.listeners('k')).toEqual([]);
    expect(index.remove('k', c)).toBe(false);
  });

  it('keeps keys apart and counts only keys with listeners', () => {
    const index = new ListenerIndex<number, { id: string }>();
    const x = { id: 'x' };
    const y = { id: 'y' };
    index.add(1, x);
    index.add(2, x);
    index.add(2, y);
    expect(index.size).toBe(2);
    expect(index.remove(1, y)).toBe(false); // y never listened to 1
    expect(index.listeners(1)).toEqual([x]);
    expect(index.remove(1, x)).toBe(true);
    expect(index.size).toBe(1);
    expect(index.listeners(2)).toEqual([x, y]);
    index.clear();
    expect(index.size).toBe(0);
  });

  it('hands out a copy: a listener removed while they are called is still called this time', () => {
    const index = new ListenerIndex<string, () => void>();
    const called: string[] = [];
    const second = () => called.push('second');
    const first = () => {
      called.push('first');
      index.remove('k', second);
    };
    index.add('k', first);
    index.add('k', second);
    for (const listener of index.listeners('k')) listener();
    expect(called).toEqual(['first', 'second']);
    expect(index.listeners('k')).toEqual([first]);
  });
});
