import { afterEach, describe, expect, it, vi } from 'vitest';
import { settledWithin } from './settled-within';

describe('settledWithin', () => {
  afterEach(() => vi.useRealTimers());

  it('answers true as soon as the promise settles, fulfilled or rejected', async () => {
    vi.useFakeTimers();
    await expect(settledWithin(Promise.resolve('x'), 1000)).resolves.toBe(true);
    await expect(settledWithin(Promise.reject(new Error('no')), 1000)).resolves.toBe(true);
    expect(vi.getTimerCount()).toBe(0); // the timers were cleared
  });

  it('answers false once the time is up, not before', async () => {
    vi.useFakeTimers();
    let answer: boolean | null = null;
    void settledWithin(new Promise(() => undefined), 50).then((value) => (answer = value));
    await vi.advanceTimersByTimeAsync(49);
    expect(answer).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe(false);
  });
});
