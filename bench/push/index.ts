import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DEFAULT_RATE_LIMITS } from '../../packages/server/src/config';
import type { RateLimitConfig } from '../../packages/server/src/config';
import { buildApp } from '../../packages/server/src/app';
import type { ParsedArgs } from '../lib/args';
import { boolFlag, numberFlag } from '../lib/args';
import { seedAccounts } from '../lib/accounts-seed';
import { openBenchStore } from '../lib/bench-store';
import { printJsonLine, printTable } from '../lib/report';
import { round, summarize } from '../lib/stats';
import { seedGroupWithDevices } from './seed';

// `npm run bench -- push`: what Web Push costs a send, and how fast the
// queue fans out (docs/PUSH.md, bench/RESULTS.md). One SQLite store holds a
// group of `--members` (1,000) and `--devices-per-member` (10) push devices
// each: 10,000 subscriptions. Two apps run in this process over that store,
// one with push and one without; sends to the group alternate between them,
// so both see the same store and machine. Then one message is fanned out by
// the worker to every device, against a receiver on 127.0.0.1 that answers
// 201 like a push service (the server tests check the encryption itself).

const LIMIT = { max: 1_000_000_000, windowSeconds: 60 };
// Every limit of the server, lifted: the bench measures the push path, not the limiter.
const NO_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, LIMIT]),
) as unknown as RateLimitConfig;

async function startReceiver() {
  let count = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      count++;
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, count: () => count, close: () => server.close() };
}

export async function runPush(args: ParsedArgs): Promise<number> {
  const tiny = boolFlag(args, 'tiny');
  const members = numberFlag(args, 'members', tiny ? 50 : 1000);
  const perMember = numberFlag(args, 'devices-per-member', tiny ? 2 : 10);
  const sends = numberFlag(args, 'sends', tiny ? 20 : 400);
  const receiver = await startReceiver();
  const bench = await openBenchStore('sqlite', undefined, 'push');
  const db = bench.store.db;
  const accounts = await seedAccounts(db, members + 1, { pairs: false });
  const { conversationId, devices } = await seedGroupWithDevices(
    db,
    accounts,
    perMember,
    receiver.port,
  );

  const build = (enabled: boolean) =>
    buildApp({
      store: bench.store,
      config: {
        publicUrl: null,
        webDist: join(tmpdir(), 'parley-no-web'),
        trustProxy: false,
        rateLimits: NO_LIMITS,
        logLevel: 'silent',
      },
      logger: false,
      push: {
        enabled,
        pollMs: 0, // the fan-out is measured on its own, below
        concurrency: 64,
        guard: {
          resolver: () => Promise.reject(new Error('no DNS in the bench')),
          allow: [{ address: '127.0.0.1', port: receiver.port }],
          onlyAllowed: true,
        },
      },
    });
  const withPush = await build(true);
  const without = await build(false);
  const urls = await Promise.all(
    [withPush, without].map(async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return `http://127.0.0.1:${address.port}`;
    }),
  );
  const sender = accounts[0]!;
  const send = async (url: string, text: string): Promise<number> => {
    const started = performance.now();
    const res = await fetch(`${url}/api/v1/user/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ conversation_id: conversationId, uuid: randomUUID(), message: text }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`send: ${res.status}`);
    return performance.now() - started;
  };

  // 1. The send, with and without push, alternating (warm-up first).
  for (let i = 0; i < 20; i++) await send(urls[i % 2]!, `warm ${i}`);
  const on: number[] = [];
  const off: number[] = [];
  for (let i = 0; i < sends; i++) {
    if (i % 2 === 0) on.push(await send(urls[0]!, `on ${i}`));
    else off.push(await send(urls[1]!, `off ${i}`));
  }
  const onStats = summarize(on);
  const offStats = summarize(off);
  // The measured sends' fan-outs are not the point: drop them (the outbox
  // rows were written in the sends' own transactions).
  await db.deleteFrom('push_jobs').execute();
  await db.deleteFrom('push_outbox').execute();

  // 2. One message to the group: its fan-out to every device.
  const before = receiver.count();
  await send(urls[0]!, 'fan-out');
  const started = performance.now();
  await withPush.push.settle();
  const seconds = (performance.now() - started) / 1000;
  const delivered = receiver.count() - before;
  const stats = withPush.push.worker.stats;

  const addedP50 = round(onStats.p50 - offStats.p50, 3);
  printTable('push: send cost and fan-out', [
    ['subscriptions (devices)', devices],
    ['group members', members + 1],
    ['send p50 / p95 with push (ms)', `${round(onStats.p50, 2)} / ${round(onStats.p95, 2)}`],
    ['send p50 / p95 without push (ms)', `${round(offStats.p50, 2)} / ${round(offStats.p95, 2)}`],
    ['added to the send, p50 (ms)', addedP50],
    ['pushes delivered', delivered],
    ['fan-out time (s)', round(seconds, 2)],
    ['fan-out rate (pushes/s)', round(delivered / seconds, 0)],
    ['failed / expired', `${stats.failed} / ${stats.expired}`],
  ]);
  printJsonLine({
    scenario: 'push',
    devices,
    members: members + 1,
    send_with_push_ms: onStats,
    send_without_push_ms: offStats,
    added_p50_ms: addedP50,
    delivered,
    fanout_seconds: round(seconds, 3),
    fanout_per_s: round(delivered / seconds, 0),
    failed: stats.failed,
  });

  await withPush.close();
  await without.close();
  receiver.close();
  await bench.close();
  await bench.destroy();
  return delivered === devices && stats.failed === 0 ? 0 : 1;
}
