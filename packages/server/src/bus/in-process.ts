import type { Bus, BusHandler, BusStats } from './bus';
import { HandlerTable } from './bus';

/**
 * The bus of a single node (the default without REDIS_URL). Delivery is
 * asynchronous like Redis's, so code that works here does not depend on a
 * publish reaching subscribers before it returns. Tests share one instance
 * between two apps to stand for two nodes.
 */
export function createInProcessBus(onError: (error: unknown) => void = () => {}): Bus {
  const stats: BusStats = { published: 0, received: 0 };
  const handlers = new HandlerTable(stats);
  return {
    stats,
    async publish(channel, payload) {
      stats.published++;
      // A copy through JSON: subscribers get what Redis would give them.
      const copy: unknown = JSON.parse(JSON.stringify(payload));
      queueMicrotask(() => handlers.dispatch(channel, copy, onError));
    },
    async subscribe(channel: string, handler: BusHandler) {
      handlers.add(channel, handler);
    },
    unsubscribe(channel: string, handler: BusHandler) {
      handlers.remove(channel, handler);
    },
    connected: () => true,
    async close() {
      handlers.clear();
    },
  };
}
