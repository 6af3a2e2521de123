import { readStorage, writeStorage } from '../../lib/storage';

// Ticks made while offline, kept until the server has them (docs/TASKS.md,
// "Offline"): a tick is idempotent, so sending one twice is harmless and a
// queued tick survives a reload. Cleared with the rest of local storage at
// logout. The latest tick of an item replaces an earlier queued one.

export const TICK_QUEUE_KEY = 'parley-task-ticks';

export type QueuedTick = {
  kind: 'task' | 'subtask';
  id: number;
  conversation_id: number;
  done: boolean;
};

export function readTicks(): QueuedTick[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(TICK_QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedTick[]) : [];
  } catch {
    return [];
  }
}

function writeTicks(ticks: QueuedTick[]): void {
  writeStorage(TICK_QUEUE_KEY, ticks.length ? JSON.stringify(ticks) : null);
}

const same = (a: QueuedTick, b: Pick<QueuedTick, 'kind' | 'id'>) =>
  a.kind === b.kind && a.id === b.id;

export function queueTick(tick: QueuedTick): void {
  writeTicks([...readTicks().filter((t) => !same(t, tick)), tick]);
}

/** Takes a tick off the queue once the server answered it (unless a newer one replaced it). */
export function unqueueTick(tick: QueuedTick): void {
  writeTicks(readTicks().filter((t) => !(same(t, tick) && t.done === tick.done)));
}
