import type { Bus } from '../bus/bus';
import { channels } from '../bus/bus';
import { presenceBusSchema } from './bus-messages';
import { sharedParser } from './shared-payloads';

/** Told that `userId` went online or offline. */
export type PresenceListener = (userId: number, online: boolean) => void;

const parsePresenceBus = sharedParser(presenceBusSchema);

/**
 * Who on this node wants to hear that a user came or went: one bus
 * subscription per node, each event parsed once and handed only to the
 * sockets that have that user among their contacts. Before, every socket
 * subscribed and checked its own contacts, so one event cost one call per
 * socket on the node: 20,000 sockets closing took 22.5 s of server CPU to
 * get through (bench `connections`), and each hello paid the same.
 */
export class PresenceWatchers {
  private readonly byContact = new Map<number, Set<PresenceListener>>();
  private subscribed: Promise<() => void> | null = null;

  constructor(private readonly bus: Bus) {}

  /**
   * Subscribes the node to presence events once, on the first hello (as
   * each socket did before): a bus that is down at start-up does not stop
   * the server, and a failed subscription is tried again by the next hello.
   */
  ready(): Promise<void> {
    this.subscribed ??= this.bus
      .subscribe(channels.presence, this.onBus)
      .catch((error: unknown) => {
        this.subscribed = null;
        throw error;
      });
    return this.subscribed.then(() => undefined);
  }

  async close(): Promise<void> {
    const unsubscribe = await this.subscribed?.catch(() => null);
    unsubscribe?.();
  }

  watch(contactId: number, listener: PresenceListener): void {
    let listeners = this.byContact.get(contactId);
    if (!listeners) this.byContact.set(contactId, (listeners = new Set()));
    listeners.add(listener);
  }

  unwatch(contactIds: Iterable<number>, listener: PresenceListener): void {
    for (const contactId of contactIds) {
      const listeners = this.byContact.get(contactId);
      if (!listeners) continue;
      listeners.delete(listener);
      if (listeners.size === 0) this.byContact.delete(contactId);
    }
  }

  /** The bus handler of channels.presence. */
  readonly onBus = (payload: unknown): void => {
    const parsed = parsePresenceBus(payload);
    if (!parsed) return;
    const listeners = this.byContact.get(parsed.user_id);
    if (!listeners) return;
    for (const listener of [...listeners]) listener(parsed.user_id, parsed.online);
  };

  /** Users watched by at least one socket (tests, /metrics). */
  get size(): number {
    return this.byContact.size;
  }
}
