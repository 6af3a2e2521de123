import { readStorage, writeStorage } from '../../lib/storage';

// Ticks made while offline, kept until the server has them (docs/TASKS.md,
// "Offline"). Each tick carries its op_id (protocol tasks.ts), made once when
// the tick is made and sent again with every resend: a tick whose reply was
// lost is then a no-op on the server when the queue sends it again, even if
// someone changed the item in between. A queued tick survives a reload;
// cleared with the rest of local storage at logout. The latest tick of an
// item replaces an earlier queued one.

export const TICK_QUEUE_KEY = 'parley-task-ticks';

/** A tick as the panel makes it. */
export type Tick = {
  kind: 'task' | 'subtask';
  id: number;
  conversation_id: number;
  done: boolean;
};

/** A tick with its idempotency key (a queue written before op_id holds none: sent without). */
export type QueuedTick = Tick & { op_id: string };

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
  writeTicks(readTicks().filter((t) => !(same(t, tick) && t.op_id === tick.op_id)));
}
