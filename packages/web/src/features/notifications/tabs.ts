import { settledWithin } from '../../lib/settled-within';

// Several tabs of the app each hold a socket and each receive every message;
// exactly one of them may show the notification, and none when any tab has
// that conversation on screen.
//
// Both facts live in Web Locks rather than BroadcastChannel messages:
// - the leader is the tab holding the exclusive LEADER_LOCK; the others
//   queue behind it and the next one takes over when the leader's tab closes;
// - a tab with a conversation on screen (visible, that chat open) holds a
//   shared lock named after it; the leader asks `locks.query()` whether
//   anyone holds it.
// The browser releases a tab's locks when the tab closes, crashes or is
// discarded, so there is never a dead leader or a stale "I am looking at
// chat 12" to time out. A BroadcastChannel election would need heartbeats
// and timeouts to notice a tab that died without saying goodbye, and a
// window in which two tabs both believe they lead.
//
// Without Web Locks (an old browser, jsdom) every tab leads and only its own
// screen counts: worst case a duplicate pop-up, never a lost one.

const LEADER_LOCK = 'parley-notifications-leader';
/** How long a tab whose leader lock nobody holds waits for its own request to be granted. */
export const GRANT_WAIT_MS = 1000;
const VIEW_LOCK_PREFIX = 'parley-notifications-view:';

export type TabCoordinator = {
  /** This tab shows the notifications. */
  isLeader: () => boolean;
  /**
   * Whether this tab shows the notifications, once that is known: a tab
   * just opened or reloaded has asked for the leader lock, and while no
   * other tab holds it the grant is a moment away. Asked synchronously, a
   * message arriving in that moment would go unshown by every tab.
   */
  leads: () => Promise<boolean>;
  /** Some tab (this one included) has the conversation on screen. */
  isOnScreen: (conversationId: number) => Promise<boolean>;
  /** This tab's conversation on screen changed (null: none or hidden). */
  setViewed: (conversationId: number | null) => void;
  stop: () => void;
};

/** Holds a lock until the returned release is called (also when it was never granted). */
function hold(locks: LockManager, name: string, mode: LockMode, onGranted?: () => void) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pending = new AbortController();
  locks
    .request(name, { mode, signal: pending.signal }, () => {
      onGranted?.();
      return held;
    })
    // AbortError: released before it was granted.
    .catch(() => undefined);
  return () => {
    pending.abort();
    release();
  };
}

export function createTabCoordinator(
  locks: LockManager | undefined,
  initialViewed: number | null,
): TabCoordinator {
  let viewed = initialViewed;
  let leader = locks === undefined;
  let stopped = false;
  let granted = () => {};
  const grant = new Promise<void>((resolve) => (granted = resolve));
  const releaseLeader = locks
    ? hold(locks, LEADER_LOCK, 'exclusive', () => {
        leader = !stopped;
        granted();
      })
    : () => {};
  let releaseView: (() => void) | null = null;

  const holdView = () => {
    releaseView?.();
    releaseView =
      locks && viewed !== null ? hold(locks, `${VIEW_LOCK_PREFIX}${viewed}`, 'shared') : null;
  };
  holdView();

  return {
    isLeader: () => leader && !stopped,
    leads: async () => {
      if (stopped || leader || !locks) return leader && !stopped;
      // Not granted yet: right after a load, or while the leading tab is
      // closing and the lock passes to this one. Either way the grant comes
      // within moments, and a frame that did not wait for it was shown by no
      // tab. A tab that stays a follower waits the same and shows nothing.
      await settledWithin(grant, GRANT_WAIT_MS);
      return leader && !stopped;
    },
    isOnScreen: async (conversationId) => {
      if (viewed === conversationId) return true;
      if (!locks) return false;
      const name = `${VIEW_LOCK_PREFIX}${conversationId}`;
      const { held = [] } = await locks.query();
      return held.some((lock) => lock.name === name);
    },
    setViewed: (conversationId) => {
      if (stopped || conversationId === viewed) return;
      viewed = conversationId;
      holdView();
    },
    stop: () => {
      stopped = true;
      leader = false;
      granted(); // a waiting leads() answers now
      releaseLeader();
      releaseView?.();
      releaseView = null;
    },
  };
}
