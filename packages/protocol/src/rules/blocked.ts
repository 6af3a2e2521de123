// Spec 4: a conversation counts as blocked when the friend or the pivot is
// blocked. Flags may arrive as booleans or as the spec's 0/1.

type FlagLike = boolean | number | null | undefined;

export interface Blockable {
  pivot?: { blocked?: FlagLike } | null;
  friend?: { pivot?: { blocked?: FlagLike } | null } | null;
}

const on = (value: FlagLike) => value === true || value === 1;

export function isConversationBlocked(c: Blockable): boolean {
  return on(c.pivot?.blocked) || on(c.friend?.pivot?.blocked);
}
