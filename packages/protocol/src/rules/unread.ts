// Spec 4, unread counters. Pure: given the conversation counter, the global
// count and a change, return the new pair. Counts never go below 0.

export type UnreadState = { conversation: number; global: number };

export type UnreadChange = {
  /** Positive adds, negative subtracts, 0 resets the conversation counter. */
  delta: number;
  /** A muted or ignored conversation does not add to the global count. */
  mutedOrIgnored: boolean;
};

/**
 * Whether a conversation's unread counts in the global count ("All" and the
 * tab title; GET /user/unread on the server): not muted, and not hidden.
 * Hidden is the archive (docs/REALTIME.md, "Hidden chats"): as in Telegram,
 * archived chats stay out of the main count; an unmuted one comes back to the
 * list with the next message from someone else, and then counts again. A
 * muted one stays archived and never counts.
 */
export function countsInGlobalUnread(pivot: { muted: boolean; hidden: boolean }): boolean {
  return !pivot.muted && !pivot.hidden;
}

export function applyUnreadChange(state: UnreadState, change: UnreadChange): UnreadState {
  const { delta, mutedOrIgnored } = change;
  if (delta > 0) {
    return {
      conversation: state.conversation + delta,
      global: mutedOrIgnored ? state.global : state.global + delta,
    };
  }
  if (delta < 0) {
    const amount = -delta;
    // "A negative change subtracts only if enough is available."
    return {
      conversation: state.conversation >= amount ? state.conversation - amount : state.conversation,
      global: state.global >= amount ? state.global - amount : state.global,
    };
  }
  // Zero resets the conversation and lowers the global count by that amount, not below 0.
  return { conversation: 0, global: Math.max(0, state.global - state.conversation) };
}
