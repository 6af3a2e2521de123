import { useSyncExternalStore } from 'react';

// One timer for every "5 minutes ago" on screen: it fires at each minute's
// turn while something listens, and only then re-renders those readers.
// Minute resolution is all the wordings need; a per-second timer would
// re-render the header sixty times as often for nothing.

const MINUTE = 60_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setTimeout> | null = null;

function schedule() {
  timer = setTimeout(
    () => {
      now = Date.now();
      for (const listener of listeners) listener();
      schedule();
    },
    MINUTE - (Date.now() % MINUTE) + 50,
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    schedule();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
  };
}

/** The time, updated once a minute (at the minute's turn) while the caller is mounted. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, () => now);
}
