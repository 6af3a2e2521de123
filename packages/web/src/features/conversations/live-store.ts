import { create } from 'zustand';
import type { LastSeenView } from '@parley/protocol/rules/last-seen';

// Ephemeral realtime state (spec 4): who is online and who is typing where.
// Never cached, never resumed: a new connection's `ready` starts it over.

export type LiveState = {
  /** Users online among those who share a conversation with us. */
  online: Record<number, true>;
  /** Conversation id → typing user ids, in the order they started, no duplicates. */
  typing: Record<number, number[]>;
  /** Whether the realtime socket is connected (handshake done). */
  connected: boolean;
  /** What we may know of each person's last-seen time: from offline presence or their profile. */
  seen: Record<number, LastSeenView>;
};

export const emptyLive: LiveState = { online: {}, typing: {}, connected: false, seen: {} };

/** A user's typing state in one conversation: added once, removed on stop. */
export function applyTyping(
  typing: LiveState['typing'],
  conversationId: number,
  userId: number,
  on: boolean,
): LiveState['typing'] {
  const list = typing[conversationId] ?? [];
  const has = list.includes(userId);
  if (on === has) return typing;
  const next = on ? [...list, userId] : list.filter((id) => id !== userId);
  const copy = { ...typing };
  if (next.length === 0) delete copy[conversationId];
  else copy[conversationId] = next;
  return copy;
}

/** The server relays `stop` after 6 s without `start`; this is only a safety net. */
export const TYPING_EXPIRE_MS = 8000;

const expiries = new Map<string, ReturnType<typeof setTimeout>>();

type Actions = {
  ready: (onlineIds: number[]) => void;
  /** A contact came or went; going offline brings their last-seen view. */
  presence: (userId: number, online: boolean, seen?: LastSeenView) => void;
  /** A last-seen view read over HTTP (the profile); a fresher one from presence is kept. */
  noteSeen: (userId: number, seen: LastSeenView) => void;
  setTyping: (conversationId: number, userId: number, on: boolean) => void;
  disconnected: () => void;
  reset: () => void;
};

export const useLiveStore = create<LiveState & Actions>()((set) => ({
  ...emptyLive,
  ready: (onlineIds) =>
    set({ online: Object.fromEntries(onlineIds.map((id) => [id, true])), connected: true }),
  presence: (userId, online, seen) =>
    set((s) => {
      const last = seen ? { seen: { ...s.seen, [userId]: seen } } : {};
      if (Boolean(s.online[userId]) === online) return last;
      const next = { ...s.online };
      if (online) next[userId] = true;
      else delete next[userId];
      return { online: next, ...last };
    }),
  noteSeen: (userId, seen) =>
    set((s) => (newer(s.seen[userId], seen) ? { seen: { ...s.seen, [userId]: seen } } : s)),
  setTyping: (conversationId, userId, on) => {
    const key = `${conversationId}:${userId}`;
    const timer = expiries.get(key);
    if (timer !== undefined) clearTimeout(timer);
    expiries.delete(key);
    if (on) {
      expiries.set(
        key,
        setTimeout(() => {
          expiries.delete(key);
          set((s) => ({ typing: applyTyping(s.typing, conversationId, userId, false) }));
        }, TYPING_EXPIRE_MS),
      );
    }
    set((s) => ({ typing: applyTyping(s.typing, conversationId, userId, on) }));
  },
  // Typing stops with the connection; presence is kept until the next `ready`.
  disconnected: () => set({ connected: false, typing: {} }),
  reset: () => {
    for (const timer of expiries.values()) clearTimeout(timer);
    expiries.clear();
    set(emptyLive);
  },
}));

/** Is `next` worth keeping over `held`: an exact time later than the held one, or nothing held? */
function newer(held: LastSeenView | undefined, next: LastSeenView): boolean {
  if (!held) return true;
  if (held.last_seen_at === null || next.last_seen_at === null) return held.last_seen_at === null;
  return next.last_seen_at > held.last_seen_at;
}

const NO_ONE: number[] = [];

/** Typing user ids of one conversation (a stable empty list when none). */
export function useTypingIds(conversationId: number): number[] {
  return useLiveStore((s) => s.typing[conversationId] ?? NO_ONE);
}

/** Online as far as we know: only while our own connection is up (else it would be stale). */
export function useOnlineUser(userId: number | null | undefined): boolean {
  return useLiveStore((s) => (userId && s.connected ? Boolean(s.online[userId]) : false));
}
