import { performance } from 'node:perf_hooks';
import { csrfToken, registerAndLogin } from '../lib/accounts';
import type { BenchStore } from '../lib/bench-store';
import { openBenchStore } from '../lib/bench-store';
import { ApiClient } from '../lib/http';
import type { Pinning } from '../lib/pin';
import type { Row } from '../lib/report';
import { printJsonLine, printTable } from '../lib/report';
import type { RunningServer } from '../lib/server';
import { startServer } from '../lib/server';
import { round, summarize } from '../lib/stats';
import { opJson, opRow, timeOp } from '../lib/timed';
import type { OpResult } from '../lib/timed';
import { startWindow, windowJson, windowRows } from '../lib/window';
import type { TasksConfig } from './config';
import { seedBoard } from './seed';
import type { SeededBoard } from './seed';

// tasks: one conversation's board of `tasks` tasks in `groups` groups,
// built through the API, then the Tasks panel's call timed one at a time:
// GET /user/conversations/:id/tasks (the whole board), and a tick (POST
// /user/tasks/:id/done, alternating done and open) for comparison.

/**
 * `count` times: a tick (not timed), then the board read, timed: the first
 * read after a change, which builds the board again instead of the cache's.
 */
async function boardAfterChange(
  api: ApiClient,
  token: string,
  board: SeededBoard,
  count: number,
): Promise<OpResult> {
  const samples: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const taskId = board.taskIds[(i * 7) % board.taskIds.length];
    const json = { done: i % 2 === 0 };
    const ticked = await api.request('POST', `/user/tasks/${taskId}/done`, { token, json });
    const t = performance.now();
    const reply = await api.fetchBytes(`/user/conversations/${board.conversationId}/tasks`, token);
    samples.push(performance.now() - t);
    if (ticked.status !== 200 || reply.status !== 200) {
      errors += 1;
      if (errorSamples.length < 3) errorSamples.push(`board after a change: HTTP ${reply.status}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    name: 'board after a change',
    latency: summarize(samples),
    perSecond: samples.length / Math.max(0.001, seconds),
    errors,
    lost: 0,
    errorSamples,
  };
}

export async function runTasks(config: TasksConfig, pinning: Pinning): Promise<number> {
  const hardLimitS = 240 + config.tasks / 50 + config.samples * 0.2;
  let bench: BenchStore | undefined;
  let server: RunningServer | undefined;
  const watchdog = setTimeout(() => {
    process.stderr.write(`bench: tasks exceeded its hard limit of ${round(hardLimitS)} s\n`);
    void (server?.stop() ?? Promise.resolve())
      .then(() => bench?.destroy())
      .finally(() => process.exit(3));
  }, hardLimitS * 1000);
  try {
    bench = await openBenchStore(config.store, config.pgUrl, 'tasks');
    await bench.close();
    server = await startServer({
      prefix: pinning.serverPrefix,
      dataDir: bench.dataDir,
      ...(bench.databaseUrl ? { databaseUrl: bench.databaseUrl } : {}),
    });
    const api = new ApiClient(server.port, config.seedConcurrency);
    const csrf = await csrfToken(api);
    const stamp = Date.now().toString(36);
    const me = await registerAndLogin(api, csrf, `planner${stamp}`);
    const other = await registerAndLogin(api, csrf, `helper${stamp}`);
    const started = performance.now();
    const board = await seedBoard(api, me.token, other.id, config);
    const seedS = (performance.now() - started) / 1000;
    process.stderr.write(
      `bench: seeded ${config.tasks} tasks in ${config.groups} groups with ${board.requests} requests in ${seedS.toFixed(1)} s\n`,
    );

    const boardPath = `/user/conversations/${board.conversationId}/tasks`;
    // As the browser asks for it (gzip), read to the last byte: parsing 2.6 MB
    // of JSON is the page's work, and would dominate the figure here.
    const getBoard = () => () => api.fetchBytes(boardPath, me.token);
    const tick = (i: number) => () =>
      api.request('POST', `/user/tasks/${board.taskIds[i % board.taskIds.length]}/done`, {
        token: me.token,
        json: { done: Math.floor(i / board.taskIds.length) % 2 === 0 },
      });
    const sizeReply = await api.request('GET', boardPath, { token: me.token });
    const bytes = Buffer.byteLength(JSON.stringify(sizeReply.body));
    const wireBytes = Number((await getBoard()()).body);
    await timeOp('board', config.warmup, getBoard);
    const window = startWindow(server.pid, pinning.serverPrefix.length > 0, {
      ...(config.store === 'postgres' ? { databaseProcess: 'postgres' } : {}),
    });
    const ops = [
      await timeOp('board', config.samples, getBoard),
      await timeOp('tick', config.samples, tick),
      // The first read after a change: the server builds the board again.
      await boardAfterChange(api, me.token, board, Math.max(1, Math.floor(config.samples / 5))),
    ];
    const win = window.stop();
    api.close();
    await server.stop();

    const [boardOp] = ops;
    const errors = ops.reduce((n, o) => n + o.errors, 0);
    const lost = ops.reduce((n, o) => n + o.lost, 0);
    const p99 = boardOp?.latency.p99 ?? Infinity;
    const met = p99 <= config.targetP99Ms && errors === 0 && lost === 0;
    const rows: Row[] = [
      [
        'setup',
        `${config.store}, ${config.tasks} tasks in ${config.groups} groups; ${pinning.description}`,
      ],
      ['seeding s', round(seedS)],
      ['board reply KiB (gzip on the wire)', `${round(bytes / 1024)} (${round(wireBytes / 1024)})`],
      ['samples per call (after warm-up)', `${config.samples} (+${config.warmup})`],
      ...ops.map(opRow),
      ['errors', errors],
      ['lost', lost],
      ...windowRows(win),
      [
        'verdict',
        met
          ? `target met (board p99 ≤ ${config.targetP99Ms} ms)`
          : errors + lost > 0
            ? 'FAILED'
            : `target missed (board p99 ${round(p99, 2)} ms)`,
      ],
    ];
    printTable(`tasks (${config.store})`, rows);
    for (const e of ops.flatMap((o) => o.errorSamples)) process.stdout.write(`  error: ${e}\n`);
    printJsonLine({
      scenario: 'tasks',
      date: new Date().toISOString(),
      node: process.version,
      pinning: pinning.description,
      store: config.store,
      tasks: config.tasks,
      groups: config.groups,
      board_bytes: bytes,
      board_wire_bytes: wireBytes,
      seed_s: round(seedS),
      samples: config.samples,
      queries: Object.fromEntries(ops.map((o) => [o.name, opJson(o)])),
      throughput_per_s: round(
        ops.reduce((n, o) => n + o.latency.count, 0) / Math.max(0.001, win.seconds),
      ),
      latency_ms: {
        p50: round(boardOp?.latency.p50 ?? 0, 2),
        p95: round(boardOp?.latency.p95 ?? 0, 2),
        p99: round(p99, 2),
      },
      errors,
      lost,
      ...windowJson(win),
      target_p99_ms: config.targetP99Ms,
      target_met: met,
    });
    return errors + lost > 0 ? 1 : 0;
  } finally {
    clearTimeout(watchdog);
    await server?.stop();
    await bench?.destroy();
  }
}
