import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALL_WAIT_MS, oneAtATime } from './one-at-a-time';

// jsdom has no Web Locks: an exclusive lock manager that grants one request
// at a time, in order, as the browser does for the tabs of one origin.

function exclusiveLocks(): LockManager {
  let tail: Promise<unknown> = Promise.resolve();
  const locks = {
    request(_name: string, callback: () => Promise<unknown>) {
      const granted = tail.then(() => callback());
      tail = granted.catch(() => undefined);
      return granted;
    },
  };
  return locks as unknown as LockManager;
}

/** A call that runs until its `finish` is called, recording when it starts. */
function deferredCall(log: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const call = () => {
    log.push(`${name} started`);
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { call, finish: (v: string) => finish(v), fail: (e: Error) => fail(e) };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('notification calls, one at a time', () => {
  afterEach(() => vi.useRealTimers());

  it('starts a call only once the one before it has finished', async () => {
    const locks = exclusiveLocks();
    const log: string[] = [];
    const show = deferredCall(log, 'show');
    const close = deferredCall(log, 'close');
    const shown = oneAtATime(locks, show.call);
    const closed = oneAtATime(locks, close.call);
    await turn();
    expect(log).toEqual(['show started']);
    show.finish('shown');
    await expect(shown).resolves.toBe('shown');
    await turn();
    expect(log).toEqual(['show started', 'close started']);
    close.finish('closed');
    await expect(closed).resolves.toBe('closed');
  });

  it('hands a failure to its own caller and lets the next call run', async () => {
    const locks = exclusiveLocks();
    const log: string[] = [];
    const first = deferredCall(log, 'first');
    const second = deferredCall(log, 'second');
    const failing = oneAtATime(locks, first.call);
    const next = oneAtATime(locks, second.call);
    await turn();
    first.fail(new Error('denied'));
    await expect(failing).rejects.toThrow('denied');
    await turn();
    second.finish('ok');
    await expect(next).resolves.toBe('ok');
    expect(log).toEqual(['first started', 'second started']);
  });

  it('a call that hangs holds the others for CALL_WAIT_MS at most', async () => {
    vi.useFakeTimers();
    const locks = exclusiveLocks();
    const log: string[] = [];
    const hanging = deferredCall(log, 'hanging');
    const next = deferredCall(log, 'next');
    void oneAtATime(locks, hanging.call);
    void oneAtATime(locks, next.call);
    await vi.advanceTimersByTimeAsync(CALL_WAIT_MS - 1);
    expect(log).toEqual(['hanging started']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['hanging started', 'next started']);
  });

  it('without Web Locks runs each call at once', async () => {
    const log: string[] = [];
    const a = deferredCall(log, 'a');
    const b = deferredCall(log, 'b');
    void oneAtATime(undefined, a.call);
    void oneAtATime(undefined, b.call);
    expect(log).toEqual(['a started', 'b started']);
  });
});
