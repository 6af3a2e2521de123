import { useEffect } from 'react';
import { create } from 'zustand';
import { PARANOID_LOCK_AFTER_MS } from '@parley/protocol/settings';

// The paranoid-mode app lock. It lives in memory only, so a reload (or a new
// tab) starts locked; input of any kind postpones the lock, and a tab left
// alone for PARANOID_LOCK_AFTER_MS locks itself (checked against the clock,
// so a sleeping laptop locks as soon as it wakes).

type LockState = {
  /** Unlocked with the passcode in this page's lifetime. */
  unlocked: boolean;
  lastInput: number;
  unlock: () => void;
  lock: () => void;
  touch: () => void;
};

export const useLock = create<LockState>()((set) => ({
  unlocked: false,
  lastInput: Date.now(),
  unlock: () => set({ unlocked: true, lastInput: Date.now() }),
  lock: () => set({ unlocked: false }),
  touch: () => set({ lastInput: Date.now() }),
}));

/** Has the page been idle long enough to lock? */
export function idleTooLong(lastInput: number, now: number, after = PARANOID_LOCK_AFTER_MS) {
  return now - lastInput >= after;
}

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** While `enabled`: input postpones the lock; a check every 15 s (and on tab return) locks. */
export function useIdleLock(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const { touch, lock } = useLock.getState();
    const onInput = () => touch();
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { passive: true });
    const check = () => {
      if (idleTooLong(useLock.getState().lastInput, Date.now())) lock();
    };
    const timer = window.setInterval(check, 15_000);
    document.addEventListener('visibilitychange', check);
    return () => {
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput);
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [enabled]);
}
