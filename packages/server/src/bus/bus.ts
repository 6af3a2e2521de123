import { ListenerIndex } from '../listener-index';

// The message bus between server nodes. One publish reaches every node's
// subscribers of that channel; a node subscribes to a channel once however
// many of its sockets listen (the implementations keep the local handlers).
//
// Channels: `conv:<id>` (conversation events and typing), `user:<id>` (user
// events), `session:<sid>` (revocation), `presence` (online/offline changes).
// Payloads are JSON values; delivery is at most once and, per channel and
// publisher, in publish order.

export type BusHandler = (payload: unknown) => void;

/** Running totals for /metrics: plain numbers, bumped once per bus message. */
export interface BusStats {
  /** Messages this node published. */
  published: number;
  /** Messages this node received and handed to its local handlers. */
  received: number;
}

export interface Bus {
  readonly stats: BusStats;
  publish(channel: string, payload: unknown): Promise<void>;
  /**
   * Resolves once the subscription is live. A handler is on a channel once,
   * however often it is added. (No unsubscribe closure is handed out: sockets
   * hold several subscriptions each, and each closure cost ~100 bytes.)
   */
  subscribe(channel: string, handler: BusHandler): Promise<void>;
  /** Takes a handler off a channel; one that is not on it is ignored. */
  unsubscribe(channel: string, handler: BusHandler): void;
  /** False while the bus cannot carry messages (Redis down); /ready reports it. */
  connected(): boolean;
  close(): Promise<void>;
}

export const channels = {
  conversation: (id: number) => `conv:${id}`,
  user: (id: number) => `user:${id}`,
  session: (id: number) => `session:${id}`,
  presence: 'presence',
  /** A bot has new updates (features/bots: wakes its long polls and webhook delivery). */
  bot: (id: number) => `bot:${id}`,
} as const;

/** Local handlers per channel: the part both implementations share. */
export class HandlerTable {
  private readonly table = new ListenerIndex<string, BusHandler>();

  constructor(private readonly stats: BusStats) {}

  /** Adds a handler; true when it is the channel's first. */
  add(channel: string, handler: BusHandler): boolean {
    return this.table.add(channel, handler);
  }

  /** Removes a handler; true when the channel has none left. */
  remove(channel: string, handler: BusHandler): boolean {
    return this.table.remove(channel, handler);
  }

  dispatch(channel: string, payload: unknown, onError: (error: unknown) => void): void {
    if (!this.table.has(channel)) return;
    this.stats.received++;
    for (const handler of this.table.listeners(channel)) {
      try {
        handler(payload);
      } catch (error) {
        onError(error);
      }
    }
  }

  clear(): void {
    this.table.clear();
  }
}
