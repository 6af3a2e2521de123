import type { Redis } from 'ioredis';

// Who is online, counted per connection across nodes. A node reports its own
// users; `online()` answers for every node. With Redis each user has a sorted
// set of node ids scored by an expiry time that the node refreshes, so the
// users of a killed node drop out after `ttlMs` without anyone cleaning up.

export interface Presence {
  /** One more socket of the user on this node; true if the user just came online. */
  connect(userId: number): Promise<boolean>;
  /** One socket fewer; true if the user just went offline everywhere. */
  disconnect(userId: number): Promise<boolean>;
  /** The given users that are online on any node. */
  online(userIds: number[]): Promise<Set<number>>;
  close(): Promise<void>;
}

/** Counts of this node's sockets per user. */
class LocalCounts {
  readonly counts = new Map<number, number>();
  inc(userId: number): boolean {
    const n = (this.counts.get(userId) ?? 0) + 1;
    this.counts.set(userId, n);
    return n === 1;
  }
  dec(userId: number): boolean {
    const n = (this.counts.get(userId) ?? 0) - 1;
    if (n > 0) {
      this.counts.set(userId, n);
      return false;
    }
    return this.counts.delete(userId);
  }
}

/** One process: the counts are the whole truth. Tests share one between two apps. */
export function createMemoryPresence(): Presence {
  const local = new LocalCounts();
  return {
    connect: async (userId) => local.inc(userId),
    disconnect: async (userId) => local.dec(userId),
    online: async (userIds) => new Set(userIds.filter((id) => local.counts.has(id))),
    close: async () => {},
  };
}

export function createRedisPresence(
  redis: Redis,
  options: { nodeId: string; prefix?: string; ttlMs?: number; onError?: (e: unknown) => void },
): Presence {
  const prefix = options.prefix ?? 'parley:';
  const ttlMs = options.ttlMs ?? 60_000;
  const key = (userId: number) => `${prefix}presence:${userId}`;
  const local = new LocalCounts();
  const mark = (userId: number) =>
    redis
      .multi()
      .zadd(key(userId), Date.now() + ttlMs, options.nodeId)
      .pexpire(key(userId), ttlMs)
      .exec();
  /** Live entries of other nodes, read in the same MULTI as our own change: two nodes never both see "first" or "last". */
  const othersLive = (results: [Error | null, unknown][] | null, index: number) =>
    Number(results?.[index]?.[1] ?? 0) > 0;

  const refresh = setInterval(() => {
    for (const userId of local.counts.keys()) mark(userId).catch(options.onError);
  }, ttlMs / 3);
  refresh.unref();

  return {
    async connect(userId) {
      if (!local.inc(userId)) return false;
      const results = await redis
        .multi()
        .zcount(key(userId), Date.now(), '+inf')
        .zadd(key(userId), Date.now() + ttlMs, options.nodeId)
        .pexpire(key(userId), ttlMs)
        .exec();
      return !othersLive(results, 0);
    },
    async disconnect(userId) {
      if (!local.dec(userId)) return false;
      const results = await redis
        .multi()
        .zrem(key(userId), options.nodeId)
        .zcount(key(userId), Date.now(), '+inf')
        .exec();
      return !othersLive(results, 1);
    },
    async online(userIds) {
      if (userIds.length === 0) return new Set();
      const now = Date.now();
      const pipeline = redis.pipeline();
      for (const id of userIds) pipeline.zcount(key(id), now, '+inf');
      const results = (await pipeline.exec()) ?? [];
      return new Set(userIds.filter((_id, i) => Number(results[i]?.[1] ?? 0) > 0));
    },
    async close() {
      clearInterval(refresh);
      const users = [...local.counts.keys()];
      local.counts.clear();
      await Promise.allSettled(users.map((id) => redis.zrem(key(id), options.nodeId)));
    },
  };
}
