import type { ServerFrame } from '@parley/protocol/realtime';

// Lets a lazily loaded feature (the Tasks panel's store, its notifications)
// see the socket's frames after the dispatcher applied them, without the
// dispatcher importing that feature: the first screen stays the size it is.

type Tap = (frame: ServerFrame) => void;
const taps = new Set<Tap>();

/** Calls `tap` with every frame from now on; returns the unsubscribe. */
export function tapFrames(tap: Tap): () => void {
  taps.add(tap);
  return () => taps.delete(tap);
}

export function passToTaps(frame: ServerFrame): void {
  for (const tap of taps) tap(frame);
}
