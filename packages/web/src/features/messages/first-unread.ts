import type { Message } from '@parley/protocol/message';

// Where unread begins in a window of history, and when the view offers to go
// back there. Pure, so the divider, the open position and the floating button
// all follow one rule.

/**
 * The first message after the read marker that someone else wrote (one's own
 * messages are never unread), or null when this window cannot tell: it starts
 * after the marker with older messages not loaded, so the first unread may
 * lie before it (a window jumped to, or the newest page of a long unread run).
 */
export function firstUnreadId(
  messages: readonly Message[],
  options: { lastReadId: number | null; ownId: number | null; hasOlder: boolean },
): number | null {
  const lastRead = options.lastReadId ?? 0;
  const first = messages[0];
  if (!first) return null;
  if (first.id > lastRead && options.hasOlder) return null;
  const found = messages.find((m) => m.id > lastRead && m.user_id !== options.ownId);
  return found?.id ?? null;
}

/**
 * "Jump to the first unread": while unread messages remain and the reader has
 * scrolled back above the last message they read (it is below the screen).
 * Reading on at the edge keeps the newest visible message at or past the
 * marker, so the button does not flicker while reading down.
 */
export function offersFirstUnread(view: {
  unread: number;
  lastReadId: number | null;
  newestVisibleId: number | null;
}): boolean {
  const { unread, lastReadId, newestVisibleId } = view;
  return (
    unread > 0 && lastReadId !== null && newestVisibleId !== null && newestVisibleId < lastReadId
  );
}
