import { afterEach, describe, expect, it, vi } from 'vitest';
import { GRANT_WAIT_MS, createTabCoordinator } from './tabs';
import type { TabCoordinator } from './tabs';

// The leader election over Web Locks (jsdom has none): a fake LockManager
// that grants a lock after `grantAfterMs`, or never while another tab holds it.

const LEADER = 'parley-notifications-leader';

function fakeLocks(options: {
  grantAfterMs: number;
  otherTabLeads: boolean;
  /** The leading tab closes after this long, and its lock passes on. */
  otherTabClosesAfterMs?: number;
}): LockManager {
  const held: { name: string; mode: LockMode }[] = options.otherTabLeads
    ? [{ name: LEADER, mode: 'exclusive' }]
    : [];
  const locks = {
    request(
      name: string,
      { mode, signal }: { mode: LockMode; signal?: AbortSignal },
      callback: () => Promise<void>,
    ): Promise<void> {
      const closesAfter = options.otherTabClosesAfterMs;
      if (options.otherTabLeads && name === LEADER && closesAfter !== undefined) {
        return new Promise((resolve) => {
          setTimeout(() => {
            held.splice(0, held.length, { name, mode });
            void callback().then(resolve);
          }, closesAfter);
        });
      }
      if (options.otherTabLeads && name === LEADER) {
        return new Promise((_, reject) =>
          signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        );
      }
      return new Promise((resolve) => {
        setTimeout(() => {
          held.push({ name, mode });
          void callback().then(resolve);
        }, options.grantAfterMs);
      });
    },
    query: () => Promise.resolve({ held: [...held], pending: [] }),
  };
  return locks as unknown as LockManager;
}

describe('tab coordinator: leadership', () => {
  let tabs: TabCoordinator | null = null;
  afterEach(() => {
    tabs?.stop();
    tabs = null;
    vi.useRealTimers();
  });

  it('waits for its own grant when no other tab leads (a frame right after a reload)', async () => {
    vi.useFakeTimers();
    tabs = createTabCoordinator(fakeLocks({ grantAfterMs: 30, otherTabLeads: false }), null);
    expect(tabs.isLeader()).toBe(false); // not granted yet: the old check dropped the frame here
    const answer = tabs.leads();
    await vi.advanceTimersByTimeAsync(30);
    await expect(answer).resolves.toBe(true);
  });

  it('answers no when another tab keeps the leader lock', async () => {
    vi.useFakeTimers();
    tabs = createTabCoordinator(fakeLocks({ grantAfterMs: 0, otherTabLeads: true }), null);
    const answer = tabs.leads();
    await vi.advanceTimersByTimeAsync(GRANT_WAIT_MS);
    await expect(answer).resolves.toBe(false);
  });

  it('leads for a frame that comes while the leading tab is closing (a handover)', async () => {
    vi.useFakeTimers();
    const locks = fakeLocks({ grantAfterMs: 0, otherTabLeads: true, otherTabClosesAfterMs: 200 });
    tabs = createTabCoordinator(locks, null);
    const answer = tabs.leads(); // the other tab still holds the lock here
    await vi.advanceTimersByTimeAsync(200);
    await expect(answer).resolves.toBe(true);
  });

  it('gives up after GRANT_WAIT_MS when the grant does not come', async () => {
    vi.useFakeTimers();
    tabs = createTabCoordinator(
      fakeLocks({ grantAfterMs: GRANT_WAIT_MS * 10, otherTabLeads: false }),
      null,
    );
    let settled: boolean | null = null;
    void tabs.leads().then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(GRANT_WAIT_MS - 1);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(false);
  });

  it('a stopped tab never leads, and a waiting question is answered at the stop', async () => {
    vi.useFakeTimers();
    tabs = createTabCoordinator(
      fakeLocks({ grantAfterMs: GRANT_WAIT_MS * 10, otherTabLeads: false }),
      null,
    );
    const answer = tabs.leads();
    await vi.advanceTimersByTimeAsync(0);
    tabs.stop();
    await expect(answer).resolves.toBe(false);
  });
});
