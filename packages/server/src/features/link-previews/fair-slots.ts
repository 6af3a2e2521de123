// The server's link-preview fetch slots, shared fairly. A fetch can take
// seconds (a slow site), and there are few slots per process: handed out
// first come, first served, two users posting slow pages held every slot
// and everyone else's cards waited (issue 18). Here each user has at most
// `perUser` fetches running, and a freed slot goes to the user who has
// waited longest among those with work queued (round-robin by user), so one
// user's queue never delays another's first fetch by more than the slots
// already running.

export type Slots = <T>(owner: number, work: () => Promise<T>) => Promise<T>;

interface Waiter {
  start: () => void;
}

export function fairSlots(max: number, perUser = 1): Slots {
  let active = 0;
  const running = new Map<number, number>();
  /** Users with queued work, in the order they got in line (a Map keeps insertion order). */
  const queues = new Map<number, Waiter[]>();

  const mayStart = (owner: number) => active < max && (running.get(owner) ?? 0) < perUser;

  /** Starts whoever may start, in line order; a slot is taken synchronously, before the next look. */
  function next(): void {
    for (const [owner, queue] of queues) {
      if (active >= max) return;
      if (!mayStart(owner)) continue;
      const waiter = queue.shift();
      // Back of the line: the next free slot goes to someone else first.
      queues.delete(owner);
      if (queue.length > 0) queues.set(owner, queue);
      active += 1;
      running.set(owner, (running.get(owner) ?? 0) + 1);
      waiter?.start();
    }
  }

  return async (owner, work) => {
    await new Promise<void>((resolve) => {
      const queue = queues.get(owner) ?? [];
      queue.push({ start: resolve });
      queues.set(owner, queue);
      next();
    });
    try {
      return await work();
    } finally {
      active -= 1;
      const left = (running.get(owner) ?? 1) - 1;
      if (left === 0) running.delete(owner);
      else running.set(owner, left);
      next();
    }
  };
}
