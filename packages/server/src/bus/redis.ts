import { Redis } from 'ioredis';
import type { Bus, BusHandler, BusStats } from './bus';
import { HandlerTable } from './bus';

/**
 * Sends a connection's errors to `onError`, the same error only once until
 * the connection is ready again (ioredis repeats it on every reconnect attempt).
 */
export function reportConnectionErrors(redis: Redis, onError: (error: unknown) => void): void {
  let last: string | null = null;
  redis.on('ready', () => (last = null));
  redis.on('error', (error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    if (text === last) return;
    last = text;
    onError(error);
  });
}

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed
 * connection can do nothing else). The node SUBSCRIBEs to a channel when its
 * first local handler arrives and UNSUBSCRIBEs after the last one leaves.
 * `prefix` keeps deployments (and test runs) sharing a Redis apart.
 */
export function createRedisBus(
  url: string,
  options: { prefix?: string; onError?: (error: unknown) => void } = {},
): Bus {
  const prefix = options.prefix ?? 'parley:';
  const onError = options.onError ?? (() => {});
  const publisher = new Redis(url, { maxRetriesPerRequest: 1 });
  const subscriber = new Redis(url);
  const stats: BusStats = { published: 0, received: 0 };
  const handlers = new HandlerTable(stats);
  /** The SUBSCRIBE of each channel, so a second handler also waits until it is live. */
  const live = new Map<string, Promise<unknown>>();
  // Connection errors are reported, never thrown: ioredis reconnects on its
  // own, and a publish lost meanwhile is repaired by the clients' resume.
  reportConnectionErrors(publisher, onError);
  reportConnectionErrors(subscriber, onError);
  subscriber.on('message', (fullChannel: string, text: string) => {
    if (!fullChannel.startsWith(prefix)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (error) {
      onError(error);
      return;
    }
    handlers.dispatch(fullChannel.slice(prefix.length), payload, onError);
  });

  return {
    stats,
    async publish(channel, payload) {
      stats.published++;
      await publisher.publish(prefix + channel, JSON.stringify(payload));
    },
    async subscribe(channel: string, handler: BusHandler) {
      if (handlers.add(channel, handler)) live.set(channel, subscriber.subscribe(prefix + channel));
      await live.get(channel);
    },
    unsubscribe(channel: string, handler: BusHandler) {
      if (handlers.remove(channel, handler)) {
        live.delete(channel);
        subscriber.unsubscribe(prefix + channel).catch(onError);
      }
    },
    // 'ready' only: ioredis queues commands while it reconnects, so a socket's
    // SUBSCRIBE would wait (and the socket with it) until Redis is back.
    connected: () => publisher.status === 'ready' && subscriber.status === 'ready',
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
