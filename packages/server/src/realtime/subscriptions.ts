import type { Bus, BusHandler } from '../bus/bus';

// A socket's bus subscriptions, one per channel. A subscription that becomes
// live after the socket closed is removed at once.

export class Subscriptions {
  private readonly offs = new Map<string, () => void>();
  private closed = false;

  constructor(private readonly bus: Bus) {}

  async add(channel: string, handler: BusHandler): Promise<void> {
    const off = await this.bus.subscribe(channel, handler);
    if (this.closed) return off();
    this.offs.get(channel)?.();
    this.offs.set(channel, off);
  }

  remove(channel: string): void {
    this.offs.get(channel)?.();
    this.offs.delete(channel);
  }

  removeAll(): void {
    this.closed = true;
    for (const off of this.offs.values()) off();
    this.offs.clear();
  }
}
