import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { Conversation } from '@parley/protocol/conversation';
import { roleOf } from '@parley/protocol/permissions';

// How long the composer of each conversation waits before it may send again
// (issue 18): a group's slow mode (members wait slow_mode_seconds after each
// message; moderators and the owner do not), or a 429's retry_after from the
// send limits. The server decides; this only shows the countdown and keeps
// the send button from asking too soon.

type SendWaits = { until: Record<number, number>; wait: (id: number, seconds: number) => void };

export const useSendWaits = create<SendWaits>()((set) => ({
  until: {},
  wait: (id, seconds) => set((s) => ({ until: { ...s.until, [id]: Date.now() + seconds * 1000 } })),
}));

/** The slow-mode interval the signed-in member waits after a message here; 0 when none. */
export function slowModeFor(c: Conversation): number {
  const role = roleOf(c.pivot.role);
  if (!c.is_group || role === 'owner' || role === 'moderator') return 0;
  return c.slow_mode_seconds ?? 0;
}

/** Whole seconds left before `id` may send again (0: now), ticking every second. */
export function useSendWait(id: number): number {
  const until = useSendWaits((s) => s.until[id] ?? 0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}
