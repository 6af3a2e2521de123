// A small seeded PRNG (mulberry32): seeded data is the same on every run, so
// two runs (or SQLite and PostgreSQL) measure the same rows.

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

const WORDS = (
  'the a and to of in is it you that we for on with this be are at have not do ' +
  'meeting tomorrow today lunch call later ok thanks sure great sounds good see ' +
  'project release deploy server build test review branch fix bug issue ticket ' +
  'photo trip weekend family dinner coffee station train bus late early morning ' +
  'evening night week month plan idea question answer document draft budget ' +
  'invoice report update news weather rain sun snow music film book game match'
).split(' ');

/** Chat-like text of 3–24 words, no `@` (mentions are not seeded). */
export function sentence(rng: Rng): string {
  const n = 3 + rng.int(22);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(rng.pick(WORDS));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
