import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChatClient } from './cluster/chat-client';
import { HIGH_RATE_LIMITS, spawnServer } from './cluster/server-process';
import type { ServerProcess } from './cluster/server-process';
import { createThrowawayRedis, redisServerBinary } from './cluster/throwaway-redis';
import type { ThrowawayRedis } from './cluster/throwaway-redis';
import { Client } from './harness';
import { direct, person } from './messaging';

// /ready follows Redis: a node (SQLite, REDIS_URL) whose redis-server — the
// test's own, on a free port — is killed says 503 "Redis is not available."
// (no socket could subscribe meanwhile), and once Redis is back it says 200
// again by itself, sockets connect and events flow, the old socket's
// subscriptions included.

const binary = redisServerBinary();
if (process.env.CI === 'true' && !binary) throw new Error('CI needs redis-server');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readyStatus(base: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/api/v1/ready`);
  return { status: res.status, body: await res.json() };
}

async function until<T>(what: string, withinMs: number, probe: () => Promise<T | null>) {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return { value, ms: Date.now() - started };
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(50);
  }
}

describe.runIf(binary)('a node whose Redis goes away and comes back', () => {
  let redis: ThrowawayRedis | null = null;
  let node: ServerProcess | null = null;
  const clients: ChatClient[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-redisrestart-'));

  afterAll(async () => {
    for (const c of clients) c.stop();
    await node?.kill('SIGKILL');
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is not ready while Redis is down and recovers without help', async () => {
    redis = await createThrowawayRedis(binary ?? 'redis-server');
    node = await spawnServer({
      env: {
        ...HIGH_RATE_LIMITS,
        REDIS_URL: redis.url,
        DATA_DIR: dataDir,
        WEB_DIST: join(dataDir, 'no-web'),
      },
    });
    const base = node.url;
    const http = new Client(base);
    const a = await person(http);
    const b = await person(http);
    const chat = await direct(http, a, b);
    const before = new ChatClient(base, b, chat.id, chat.last_seq);
    clients.push(before);
    await before.connect();
    expect(await readyStatus(base)).toEqual({ status: 200, body: { status: 'ok' } });

    await redis.stop();
    const down = await until('/ready 503', 5000, async () => {
      const r = await readyStatus(base);
      return r.status === 503 ? r : null;
    });
    expect(down.value.body).toEqual({ message: 'Redis is not available.' });
    expect(node.alive()).toBe(true);

    await redis.start();
    const back = await until('/ready 200', 15_000, async () =>
      (await readyStatus(base)).status === 200 ? true : null,
    );
    const after = new ChatClient(base, b, chat.id, chat.last_seq);
    clients.push(after);
    const connectStarted = Date.now();
    await after.connect();
    const connectMs = Date.now() - connectStarted;

    const sender = new ChatClient(base, a, chat.id, chat.last_seq);
    const sentMessage = await sender.send('after redis came back');
    await until('delivery to both sockets', 5000, async () =>
      [before, after].every((c) => c.tally.received.includes(sentMessage.message.id)) ? true : null,
    );
    console.log(
      JSON.stringify({
        redisRestart: { notReadyAfterMs: down.ms, readyAgainMs: back.ms, connectMs },
      }),
    );
  }, 60_000);
});
