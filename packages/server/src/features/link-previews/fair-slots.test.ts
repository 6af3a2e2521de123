import { describe, expect, it } from 'vitest';
import { fairSlots } from './fair-slots';

const tick = () => new Promise((r) => setTimeout(r, 0));

function gate() {
  let open: () => void = () => {};
  const done = new Promise<void>((r) => (open = r));
  return { open, done };
}

describe('fairSlots', () => {
  it('runs one fetch per user at a time and lets another user in at once', async () => {
    const slots = fairSlots(4);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const job = (owner: number, name: string) => {
      const g = gate();
      gates.set(name, g);
      return slots(owner, async () => {
        started.push(name);
        await g.done;
      });
    };
    const flood = [1, 2, 3, 4].map((i) => job(1, `a${i}`));
    await tick();
    expect(started).toEqual(['a1']);
    const other = job(2, 'b1');
    await tick();
    expect(started).toEqual(['a1', 'b1']);
    gates.get('a1')?.open();
    await tick();
    await tick();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    for (const name of ['b1', 'a2', 'a3', 'a4']) {
      gates.get(name)?.open();
      await tick();
      await tick();
    }
    await Promise.all([...flood, other]);
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('never runs more than max, and serves users in turn', async () => {
    const slots = fairSlots(2);
    let now = 0;
    let peak = 0;
    const order: number[] = [];
    const work = (owner: number) =>
      slots(owner, async () => {
        now += 1;
        peak = Math.max(peak, now);
        order.push(owner);
        await tick();
        now -= 1;
      });
    await Promise.all([1, 1, 1, 2, 2, 3, 4].map(work));
    expect(peak).toBe(2);
    // The second fetch of user 1 waits for users 2, 3 and 4's first.
    expect(order.indexOf(3)).toBeLessThan(order.lastIndexOf(1));
    expect(order.indexOf(4)).toBeLessThan(order.lastIndexOf(1));
  });
});
