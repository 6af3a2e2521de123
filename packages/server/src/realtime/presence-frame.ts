import type { ServerFrame } from '@parley/protocol/realtime';
import { lastSeenView } from '@parley/protocol/rules/last-seen';

/**
 * The presence frame one viewer gets. Going offline carries the last-seen
 * time only if the privacy rule allows, else its bucket (rules/last-seen.ts).
 * The person is not hidden: hidden users publish no presence.
 */
export function presenceFrame(
  userId: number,
  online: boolean,
  lastSeenAt: string | null | undefined,
  viewer: { id: number; hide_status: boolean },
  now: Date,
): ServerFrame {
  if (online) return { op: 'presence', user_id: userId, online };
  const seen = lastSeenView(
    { id: userId, hide_status: false, last_seen_at: lastSeenAt ?? null },
    viewer,
    now,
  );
  return { op: 'presence', user_id: userId, online, ...seen };
}
