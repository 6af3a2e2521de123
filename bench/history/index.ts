import { csrfToken, login } from '../lib/accounts';
import type { BenchStore } from '../lib/bench-store';
import { ApiClient } from '../lib/http';
import type { Pinning } from '../lib/pin';
import type { Row } from '../lib/report';
import { printJsonLine, printTable } from '../lib/report';
import type { RunningServer } from '../lib/server';
import { startServer } from '../lib/server';
import { round } from '../lib/stats';
import { opJson, opRow } from '../lib/timed';
import { startWindow, windowJson, windowRows } from '../lib/window';
import type { HistoryConfig } from './config';
import { prepare, runOps } from './measure';
import { seededStore } from './store';

// history: a big store, seeded straight into the database, then the real
// server answers the measured user's queries over HTTP. Phases: throwaway
// store + migrations → a server registers the measured user (so their own
// Saved and System chats come from the real code) → seed → the measured
// server starts on that store → warm-up → measured queries → report.

export async function runHistory(config: HistoryConfig, pinning: Pinning): Promise<number> {
  const hardLimitS = 300 + config.messages / 1500 + config.samples * 0.5;
  let bench: BenchStore | undefined;
  let server: RunningServer | undefined;
  const watchdog = setTimeout(() => {
    process.stderr.write(`bench: history exceeded its hard limit of ${round(hardLimitS)} s\n`);
    void (server?.stop() ?? Promise.resolve())
      .then(() => bench?.destroy())
      .finally(() => process.exit(3));
  }, hardLimitS * 1000);
  try {
    const seeded = await seededStore(config, 'history', (b) => (bench = b));
    const { plan, me, counts, seedS, serverOptions } = seeded;

    server = await startServer({ prefix: pinning.serverPrefix, ...serverOptions });
    const api = new ApiClient(server.port, 1);
    const signedIn = await login(api, await csrfToken(api), me.login);
    const prepared = await prepare(api, signedIn.token, plan);

    await runOps(api, signedIn.token, prepared, config.warmup, config.seed + 1);
    // PostgreSQL's backends do the run's own work: counted apart, not as neighbours.
    const window = startWindow(server.pid, pinning.serverPrefix.length > 0, {
      ...(config.store === 'postgres' ? { databaseProcess: 'postgres' } : {}),
    });
    const ops = await runOps(api, signedIn.token, prepared, config.samples, config.seed + 2);
    const win = window.stop();
    api.close();
    await server.stop();

    // Seeding checks: the list holds every chat of the user (+ Saved and
    // System), each with the unread counter and read marker planned.
    const expectedListed = config.userConversations + 2;
    const seedErrors = prepared.mismatched.slice(0, 5);
    if (prepared.listed !== expectedListed)
      seedErrors.push(`list walk found ${prepared.listed} chats, expected ${expectedListed}`);

    const errors = ops.reduce((n, o) => n + o.errors, 0) + seedErrors.length;
    const lost = ops.reduce((n, o) => n + o.lost, 0);
    const worstP99 = Math.max(...ops.map((o) => o.latency.p99));
    const met = worstP99 <= config.targetP99Ms && errors === 0 && lost === 0;
    const rows: Row[] = [
      [
        'setup',
        `${config.store}, ${counts.messages} messages in ${config.conversations} chats, user in ${config.userConversations}; ${pinning.description}`,
      ],
      ['seeding s', round(seedS)],
      ['samples per query (after warm-up)', `${config.samples} (+${config.warmup})`],
      ...ops.map(opRow),
      ['errors', errors],
      ['lost', lost],
      ...windowRows(win),
      [
        'verdict',
        met
          ? `target met (every p99 ≤ ${config.targetP99Ms} ms)`
          : errors + lost > 0
            ? 'FAILED'
            : `target missed (worst p99 ${round(worstP99, 2)} ms)`,
      ],
    ];
    printTable(`history (${config.store})`, rows);
    for (const e of [...seedErrors, ...ops.flatMap((o) => o.errorSamples)])
      process.stdout.write(`  error: ${e}\n`);
    printJsonLine({
      scenario: 'history',
      date: new Date().toISOString(),
      node: process.version,
      pinning: pinning.description,
      store: config.store,
      messages: counts.messages,
      conversations: config.conversations,
      user_conversations: config.userConversations,
      users: counts.users + 1,
      seed_s: round(seedS),
      samples: config.samples,
      queries: Object.fromEntries(ops.map((o) => [o.name, opJson(o)])),
      throughput_per_s: round(
        ops.reduce((n, o) => n + o.latency.count, 0) / Math.max(0.001, win.seconds),
      ),
      latency_ms: {
        p50: round(Math.max(...ops.map((o) => o.latency.p50)), 2),
        p95: round(Math.max(...ops.map((o) => o.latency.p95)), 2),
        p99: round(worstP99, 2),
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
    if (config.keep && bench) {
      await bench.close();
      process.stderr.write(
        `bench: store kept: ${bench.databaseUrl ?? `${bench.dataDir}/parley.sqlite`} (remove it when done)\n`,
      );
    } else await bench?.destroy();
  }
}
