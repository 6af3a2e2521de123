import type { Redis } from 'ioredis';

// Who is online, counted per connection across nodes. A node reports its own
// users; `online()` answers for every node. With Redis each user has a sorted
// set of node ids scored by an expiry time that the node refreshes, so the
// users of a killed node drop out after `ttlMs` without anyone cleaning up.
// A sweep on every node then finds them (an index of online users scored by
// expiry) and exactly one node reports each of them offline.

export interface Presence {
  /** One more socket of the user on this node; true if the user just came online. */
  connect(userId: number): Promise<boolean>;
  /** One socket fewer; true if the user just went offline everywhere. */
  disconnect(userId: number): Promise<boolean>;
  /** The given users that are online on any node. */
  online(userIds: number[]): Promise<Set<number>>;
  /**
   * Calls `handler` with users who went offline without a disconnect (their
   * node died), once per user across all nodes. Returns the unsubscribe.
   */
  onExpired(handler: (userIds: number[]) => void): () => void;
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

/**
 * Removes a user from the index unless a node still has a live entry for
 * them, atomically (a reconnect elsewhere cannot slip in between). 1: this
 * caller removed it and reports the user offline; 0: live, or already claimed.
 * KEYS: index, the user's node set; ARGV: now, user id.
 */
const CLAIM_EXPIRED = `
if redis.call('ZCOUNT', KEYS[2], ARGV[1], '+inf') > 0 then return 0 end
return redis.call('ZREM', KEYS[1], ARGV[2])
`;

/** One process: the counts are the whole truth. Tests share one between two apps. */
export function createMemoryPresence(): Presence {
  const local = new LocalCounts();
  return {
    connect: async (userId) => local.inc(userId),
    disconnect: async (userId) => local.dec(userId),
    online: async (userIds) => new Set(userIds.filter((id) => local.counts.has(id))),
    // One process: nothing can die without taking its own counts along.
    onExpired: () => () => {},
    close: async () => {},
  };
}

export function createRedisPresence(
  redis: Redis,
  options: {
    nodeId: string;
    prefix?: string;
    ttlMs?: number;
    /** How often expired users are looked for (ttlMs / 3). */
    sweepMs?: number;
    onError?: (e: unknown) => void;
  },
): Presence {
  const prefix = options.prefix ?? 'parley:';
  const ttlMs = options.ttlMs ?? 60_000;
  const sweepMs = options.sweepMs ?? ttlMs / 3;
  const onError = options.onError ?? (() => {});
  const key = (userId: number) => `${prefix}presence:${userId}`;
  /** Users online somewhere, scored by an expiry: what the sweep looks through. */
  const index = `${prefix}presence-index`;
  const local = new LocalCounts();
  const mark = (userId: number) =>
    redis
      .multi()
      .zadd(key(userId), Date.now() + ttlMs, options.nodeId)
      .pexpire(key(userId), ttlMs)
      .zadd(index, Date.now() + ttlMs, String(userId))
      .exec();
  const handlers = new Set<(userIds: number[]) => void>();

  /** Expired index entries whose user has no live node left; each is claimed by one node only. */
  const sweep = async () => {
    const now = Date.now();
    const due = await redis.zrangebyscore(index, '-inf', now, 'LIMIT', 0, 500);
    const gone: number[] = [];
    for (const member of due) {
      const claimed = await redis.eval(CLAIM_EXPIRED, 2, index, key(Number(member)), now, member);
      if (Number(claimed) === 1) gone.push(Number(member));
    }
    if (gone.length > 0) for (const handler of handlers) handler(gone);
  };
  /** Live entries of other nodes, read in the same MULTI as our own change: two nodes never both see "first" or "last". */
  const othersLive = (results: [Error | null, unknown][] | null, index: number) =>
    Number(results?.[index]?.[1] ?? 0) > 0;

  const refresh = setInterval(() => {
    for (const userId of local.counts.keys()) mark(userId).catch(onError);
  }, ttlMs / 3);
  refresh.unref();
  const sweeper = setInterval(() => {
    if (handlers.size > 0) sweep().catch(onError);
  }, sweepMs);
  sweeper.unref();

  return {
    async connect(userId) {
      if (!local.inc(userId)) return false;
      const results = await redis
        .multi()
        .zcount(key(userId), Date.now(), '+inf')
        .zadd(key(userId), Date.now() + ttlMs, options.nodeId)
        .pexpire(key(userId), ttlMs)
        .zadd(index, Date.now() + ttlMs, String(userId))
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
      const offline = !othersLive(results, 1);
      // Reported offline here: the sweep has nothing left to find.
      if (offline) await redis.eval(CLAIM_EXPIRED, 2, index, key(userId), Date.now(), userId);
      return offline;
    },
    async online(userIds) {
      if (userIds.length === 0) return new Set();
      const now = Date.now();
      const pipeline = redis.pipeline();
      for (const id of userIds) pipeline.zcount(key(id), now, '+inf');
      const results = (await pipeline.exec()) ?? [];
      return new Set(userIds.filter((_id, i) => Number(results[i]?.[1] ?? 0) > 0));
    },
    onExpired(handler) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    async close() {
      clearInterval(refresh);
      clearInterval(sweeper);
      handlers.clear();
      const users = [...local.counts.keys()];
      local.counts.clear();
      await Promise.allSettled(users.map((id) => redis.zrem(key(id), options.nodeId)));
    },
  };
}
