import { channels } from '../bus/bus';
import { logRoundFailure } from '../store/unavailable';
import type { ConnectionDeps } from './connection';

/**
 * A counted socket of `userId` is gone: uncounts it in presence, writes the
 * last-seen time, and, when it was the user's last socket anywhere, tells
 * their contacts (unless they hide their status). A failure is logged: the
 * socket is gone either way.
 */
export async function leavePresence(
  deps: Pick<ConnectionDeps, 'presence' | 'lastSeen' | 'bus' | 'log'>,
  userId: number,
  hidden: boolean,
): Promise<void> {
  deps.log.info({ userId }, 'realtime: disconnected');
  try {
    const wentOffline = await deps.presence.disconnect(userId);
    const lastSeenAt = await deps.lastSeen.disconnected(userId, wentOffline);
    if (wentOffline && !hidden) {
      await deps.bus.publish(channels.presence, {
        user_id: userId,
        online: false,
        last_seen_at: lastSeenAt,
      });
    }
  } catch (error) {
    logRoundFailure(deps.log, 'realtime: presence update', error);
  }
}
