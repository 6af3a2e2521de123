import type { Bus } from '../bus/bus';
import { channels } from '../bus/bus';
import { ListenerIndex } from '../listener-index';
import { presenceBusSchema } from './bus-messages';
import { sharedParser } from './shared-payloads';

/** Told that `userId` went online or offline (an object, not a closure per socket). */
export interface PresenceListener {
  /** `lastSeenAt`: the time going offline wrote (null when unknown). */
  onPresence(userId: number, online: boolean, lastSeenAt?: string | null): void;
}

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
  private readonly byContact = new ListenerIndex<number, PresenceListener>();
  private subscribed: Promise<void> | null = null;

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
    return this.subscribed;
  }

  async close(): Promise<void> {
    await this.subscribed?.catch(() => undefined);
    this.bus.unsubscribe(channels.presence, this.onBus);
  }

  watch(contactId: number, listener: PresenceListener): void {
    this.byContact.add(contactId, listener);
  }

  unwatch(contactIds: Iterable<number>, listener: PresenceListener): void {
    for (const contactId of contactIds) this.byContact.remove(contactId, listener);
  }

  /** The bus handler of channels.presence. */
  readonly onBus = (payload: unknown): void => {
    const parsed = parsePresenceBus(payload);
    if (!parsed) return;
    for (const listener of this.byContact.listeners(parsed.user_id)) {
      listener.onPresence(parsed.user_id, parsed.online, parsed.last_seen_at);
    }
  };

  /** Users watched by at least one socket (tests, /metrics). */
  get size(): number {
    return this.byContact.size;
  }
}
