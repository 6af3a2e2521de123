import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

// Order keys of task groups, tasks and subtasks: fractional-index keys
// (the `fractional-indexing` library), so a move rewrites one row's key
// instead of renumbering its siblings. Keys compare as plain strings (code
// unit order, never locale order); equal keys, which two offline clients
// could make, fall back to the id so every reader sorts the same way.

export interface Ordered {
  id: number;
  order: string;
}

/** Sibling order: by key in code-unit order, then by id. */
export function byOrder(a: Ordered, b: Ordered): number {
  if (a.order !== b.order) return a.order < b.order ? -1 : 1;
  return a.id - b.id;
}

/**
 * The key that places an item right after `afterId` among `siblings`
 * (sorted or not; the moved item itself is skipped). `afterId` null: first;
 * undefined: last. Returns null when `afterId` is not a sibling.
 */
export function keyAfter(
  siblings: readonly Ordered[],
  afterId: number | null | undefined,
  movingId?: number,
): string | null {
  const list = siblings.filter((s) => s.id !== movingId).sort(byOrder);
  if (afterId === undefined) return generateKeyBetween(list.at(-1)?.order ?? null, null);
  if (afterId === null) return generateKeyBetween(null, list[0]?.order ?? null);
  const at = list.findIndex((s) => s.id === afterId);
  if (at < 0) return null;
  const before = list[at]?.order ?? null;
  let next = list[at + 1]?.order ?? null;
  // Equal keys (see above) leave no room between them: go past the run.
  for (let i = at + 1; next !== null && next === before; i += 1) next = list[i + 1]?.order ?? null;
  return generateKeyBetween(before, next);
}

/** `count` keys in order, for items created one after another at the end (seeding). */
export function firstKeys(count: number): string[] {
  return generateNKeysBetween(null, null, count);
}
