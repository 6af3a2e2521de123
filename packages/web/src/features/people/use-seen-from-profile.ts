import { useEffect } from 'react';
import { useLiveStore } from '../conversations/live-store';
import { fetchProfile } from './api';

/**
 * Reads a person's last-seen view once when their chat opens (presence
 * frames only tell what changes while we are connected). Fails quietly:
 * the line then says "last seen recently".
 */
export function useSeenFromProfile(userId: number | null | undefined): void {
  useEffect(() => {
    if (!userId) return;
    let live = true;
    fetchProfile(userId).then(
      (p) => {
        if (!live) return;
        useLiveStore
          .getState()
          .noteSeen(userId, { last_seen_at: p.last_seen_at, last_seen: p.last_seen });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId]);
}
