import { useTranslation } from 'react-i18next';
import { useMinuteClock } from '../../lib/minute-clock';
import { useAuthStore } from '../auth/store';
import { useLiveStore, useOnlineUser } from '../conversations/live-store';
import { lastSeenText } from './last-seen-text';

/**
 * A person's status line, live: presence frames change it at once, and the
 * minute clock moves "5 minutes ago" along without re-rendering per second.
 */
export function useLastSeenLine(userId: number): { text: string; online: boolean } {
  const { t, i18n } = useTranslation();
  const online = useOnlineUser(userId);
  // Our own socket down: what we hold may be stale, so only "recently".
  const seen = useLiveStore((s) => (s.connected ? s.seen[userId] : undefined));
  const timeZone = useAuthStore((s) => s.user?.timezone ?? null);
  const now = useMinuteClock();
  return { text: lastSeenText(t, i18n.language, { online, seen, now, timeZone }), online };
}
