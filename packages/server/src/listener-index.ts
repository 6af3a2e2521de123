/**
 * Keys to the listeners registered under them (bus channels, watched users).
 * Nearly every key has one listener — a socket's own `user:<id>` and
 * `session:<id>` channels, its Saved Messages, a contact watched by one
 * socket — so a lone listener is stored as itself and a Set is made only for
 * the second: a Set cost ~150 bytes, several per socket (bench `connections`).
 * Listeners are functions or plain objects, never Sets.
 */
export class ListenerIndex<K, L extends object> {
  private readonly entries = new Map<K, L | Set<L>>();

  /** Adds a listener; true when it is the key's first. */
  add(key: K, listener: L): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      this.entries.set(key, listener);
      return true;
    }
    if (entry instanceof Set) entry.add(listener);
    else if (entry !== listener) this.entries.set(key, new Set([entry, listener]));
    return false;
  }

  /** Removes a listener; true when the key has none left (and was listened to). */
  remove(key: K, listener: L): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    if (!(entry instanceof Set)) {
      if (entry !== listener) return false;
      this.entries.delete(key);
      return true;
    }
    if (!entry.delete(listener)) return false;
    if (entry.size > 1) return false;
    const [last] = entry;
    if (last === undefined) this.entries.delete(key);
    else this.entries.set(key, last);
    return last === undefined;
  }

  /**
   * The key's listeners as they are now: one added or removed by a listener
   * while they are being called does not change who is called this time.
   */
  listeners(key: K): readonly L[] {
    const entry = this.entries.get(key);
    if (entry === undefined) return [];
    return entry instanceof Set ? [...entry] : [entry];
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Keys with at least one listener. */
  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
