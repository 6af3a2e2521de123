import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../src/bus/bus';
import { createRedisBus } from '../src/bus/redis';
import type { Presence } from '../src/realtime/presence';
import { createRedisPresence } from '../src/realtime/presence';
import { Client, startServer } from './harness';
import type { Server } from './harness';
import { direct, person } from './messaging';
import { busBackends, sleep, TestSocket } from './realtime';
import { stores } from './stores';
import type { TestStore } from './stores';

// A node that dies without the graceful path: its users' presence entries
// expire after the TTL, and a surviving node's sweep tells their contacts
// they went offline (once). Needs Redis (presence is only shared there);
// busBackends() makes TEST_REDIS_URL mandatory in CI.

const TTL_MS = 600;
const url = busBackends().some((b) => b.name === 'redis') ? process.env.TEST_REDIS_URL : undefined;
const [sqlite] = stores();

interface Node {
  bus: Bus;
  presence: Presence;
  redis: Redis;
  server: Server;
}

describe.runIf(url)('presence after a node dies (sqlite, redis)', () => {
  const prefix = `parley-test-${randomBytes(6).toString('hex')}:`;
  let ts: TestStore;
  const nodes: Node[] = [];
  const sockets: TestSocket[] = [];

  const startNode = async (store: TestStore['store']): Promise<Node> => {
    const redis = new Redis(url ?? '', { maxRetriesPerRequest: 1 });
    const bus = createRedisBus(url ?? '', { prefix });
    const presence = createRedisPresence(redis, {
      nodeId: randomUUID(),
      prefix,
      ttlMs: TTL_MS,
      sweepMs: 100,
    });
    const server = await startServer(store, { bus, presence });
    const node = { bus, presence, redis, server };
    nodes.push(node);
    return node;
  };

  beforeAll(async () => {
    if (!sqlite) throw new Error('no SQLite backend');
    ts = await sqlite.open();
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const n of nodes) {
      await n.server.close();
      await n.presence.close();
      await n.bus.close();
    }
    const cleaner = new Redis(url ?? '');
    const keys = await cleaner.keys(`${prefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
    for (const n of nodes) n.redis.disconnect();
    await ts?.store.close();
    await ts?.destroy();
  });

  it("sends contacts an offline presence frame once the dead node's entries expire", async () => {
    const survivor = await startNode(ts.store);
    const doomed = await startNode(ts.reopen());
    const client = new Client(survivor.server.url);
    const [alice, bob] = [await person(client), await person(client)];
    await direct(client, alice, bob);

    const a = await TestSocket.open(doomed.server.url);
    const b = await TestSocket.open(survivor.server.url);
    sockets.push(a, b);
    await a.ready(alice.token);
    expect((await b.ready(bob.token)).online_user_ids).toEqual([alice.id]);

    // The doomed node loses Redis at once: no refresh, no disconnect, no publish.
    doomed.redis.disconnect();
    await doomed.bus.close();
    const started = Date.now();
    const offline = await b.next(
      (f) => f.op === 'presence' && f.user_id === alice.id && !f.online,
      TTL_MS * 5,
    );
    // With the time the dead node wrote when she connected (its last write).
    expect(offline).toEqual({
      op: 'presence',
      user_id: alice.id,
      online: false,
      last_seen_at: expect.any(String),
      last_seen: null,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TTL_MS / 2);
    await sleep(300);
    expect(b.frames.filter((f) => f.op === 'presence')).toHaveLength(1);
    // And a fresh hello no longer lists alice.
    const again = await TestSocket.open(survivor.server.url);
    sockets.push(again);
    expect((await again.ready(bob.token)).online_user_ids).toEqual([]);
  });
});
