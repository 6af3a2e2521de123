// Spec 4, list order: pinned first, then (optionally) muted last, then the
// newest by last message time, else creation time. Ties fall back to the
// higher id so the order is total and matches the server's paging.

export interface Orderable {
  id: number;
  created_at: string;
  last_message_at?: string | null;
  current_user?: { last_message: { created_at: string } | null };
  pivot: { pinned: boolean; muted: boolean };
}

export interface ListOrderOptions {
  mutedLast?: boolean;
}

/** Last message time, else creation time, as milliseconds. */
export function activityTime(c: Orderable): number {
  const at = c.last_message_at ?? c.current_user?.last_message?.created_at ?? c.created_at;
  const ms = new Date(at).getTime();
  return Number.isFinite(ms) ? ms : 0;
}

export function compareConversations(
  a: Orderable,
  b: Orderable,
  options: ListOrderOptions = {},
): number {
  if (a.pivot.pinned !== b.pivot.pinned) return a.pivot.pinned ? -1 : 1;
  if (options.mutedLast && a.pivot.muted !== b.pivot.muted) return a.pivot.muted ? 1 : -1;
  const byTime = activityTime(b) - activityTime(a);
  return byTime !== 0 ? byTime : b.id - a.id;
}

/** A sorted copy; the input is left as it was. */
export function sortConversations<T extends Orderable>(
  list: readonly T[],
  options?: ListOrderOptions,
): T[] {
  return [...list].sort((a, b) => compareConversations(a, b, options));
}
