import type { Bus, BusHandler } from '../bus/bus';

// A socket's bus subscriptions, one handler per channel. A subscription that
// becomes live after the socket closed is removed at once.

export class Subscriptions {
  private readonly handlers = new Map<string, BusHandler>();
  private closed = false;

  constructor(private readonly bus: Bus) {}

  async add(channel: string, handler: BusHandler): Promise<void> {
    await this.bus.subscribe(channel, handler);
    if (this.closed) return this.bus.unsubscribe(channel, handler);
    // A new handler replaces the channel's old one; the same one stays (the
    // bus holds it once, so taking the old one off would take it off).
    const previous = this.handlers.get(channel);
    if (previous !== undefined && previous !== handler) this.bus.unsubscribe(channel, previous);
    this.handlers.set(channel, handler);
  }

  remove(channel: string): void {
    const handler = this.handlers.get(channel);
    if (handler === undefined) return;
    this.handlers.delete(channel);
    this.bus.unsubscribe(channel, handler);
  }

  removeAll(): void {
    this.closed = true;
    for (const [channel, handler] of this.handlers) this.bus.unsubscribe(channel, handler);
    this.handlers.clear();
  }
}
