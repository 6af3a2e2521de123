import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { seedAccounts } from '../lib/accounts-seed';
import type { BenchStore } from '../lib/bench-store';
import { openBenchStore } from '../lib/bench-store';
import { ApiClient } from '../lib/http';
import type { Pinning } from '../lib/pin';
import { sleep } from '../lib/pool';
import { rssMiB } from '../lib/proc';
import type { Row } from '../lib/report';
import { printJsonLine, printTable } from '../lib/report';
import type { RunningServer } from '../lib/server';
import { startServer } from '../lib/server';
import { round, summarize } from '../lib/stats';
import { startWindow, windowJson, windowRows } from '../lib/window';
import type { ConnectionsConfig } from './config';
import { relaySockets } from './relay-run';
import type { RelaySockets } from './relay-run';
import { closeWorkers, openOn, startWorker } from './workers';
import type { Worker } from './workers';

/** Seconds the server gets, once the sockets are closed, to answer `/ready` again. */
const RECOVERY_S = 30;

// connections: N signed-in users (seeded into the store), one idle socket
// each, opened by worker processes from several source addresses, held with
// heartbeats, then closed. Reports the connect rate and latency, the ping
// round trip while idle, and the server's RSS per connection.

/** Open descriptors and the open-files limit of a process, from /proc. */
function fds(pid: number): { open: number; limit: string } {
  try {
    const open = readdirSync(`/proc/${pid}/fd`).length;
    const line = /^Max open files\s+(\S+)\s+(\S+)/m.exec(
      readFileSync(`/proc/${pid}/limits`, 'utf8'),
    );
    return { open, limit: line ? `${line[1]} soft / ${line[2]} hard` : 'unknown' };
  } catch {
    return { open: NaN, limit: 'unknown' };
  }
}

/** The relay's reading and the ratio, with a verdict only where both readings rise above the noise. */
function relayRows(relay: RelaySockets, ratio: number | null, config: ConnectionsConfig): Row[] {
  const verdict =
    ratio === null || !Number.isFinite(ratio) || relay.kibPerSocket <= 0
      ? 'no verdict (the relay grew by nothing measurable)'
      : ratio <= config.targetRatio
        ? `≤ ${config.targetRatio} met`
        : `> ${config.targetRatio} MISSED`;
  return [
    [
      'relay: ready, RSS MiB before / after',
      `${relay.ready}, ${round(relay.rssBeforeMiB)} / ${round(relay.rssAfterMiB)}`,
    ],
    ['relay RSS per socket KiB', round(relay.kibPerSocket, 2)],
    ['Parley ÷ relay per socket', `${ratio === null ? '–' : round(ratio, 2)}×  ${verdict}`],
  ];
}

export async function runConnections(config: ConnectionsConfig, pinning: Pinning): Promise<number> {
  const hardLimitS = 120 + config.sockets / 50 + config.holdS;
  let bench: BenchStore | undefined;
  let server: RunningServer | undefined;
  const workers: Worker[] = [];
  const watchdog = setTimeout(() => {
    process.stderr.write(`bench: connections exceeded its hard limit of ${round(hardLimitS)} s\n`);
    for (const w of workers) w.child.kill('SIGKILL');
    void (server?.stop() ?? Promise.resolve())
      .then(() => bench?.destroy())
      .finally(() => process.exit(3));
  }, hardLimitS * 1000);
  try {
    bench = await openBenchStore('sqlite', undefined, 'connections');
    const seedStart = performance.now();
    const accounts = await seedAccounts(bench.store.db, config.sockets + config.warmupSockets);
    await bench.close();
    const seedS = (performance.now() - seedStart) / 1000;
    const warm = accounts.slice(0, config.warmupSockets);
    const measured = accounts.slice(config.warmupSockets);
    process.stderr.write(
      `bench: seeded ${accounts.length} signed-in users in ${seedS.toFixed(1)} s\n`,
    );

    server = await startServer({
      prefix: pinning.serverPrefix,
      dataDir: bench.dataDir,
      ...(config.serverNofile !== undefined ? { nofile: config.serverNofile } : {}),
    });
    const pid = server.pid;

    // Warm-up: open and drop a few sockets, so JIT and lazy set-up are not counted per socket.
    if (warm.length > 0) {
      const w = startWorker();
      await openOn(
        [w],
        warm.map((a) => a.token),
        server.port,
        config.concurrency,
      );
      await closeWorkers([w]);
      await sleep(1000);
    }
    for (let i = 0; i < config.workers; i++) workers.push(startWorker());
    await sleep(500); // workers loading tsx
    const rssBefore = rssMiB(pid);
    const fdBefore = fds(pid);

    const connectWindow = startWindow(pid, pinning.serverPrefix.length > 0);
    const opened = await openOn(
      workers,
      measured.map((a) => a.token),
      server.port,
      config.concurrency,
    );
    const connectWin = connectWindow.stop();
    const ready = opened.reduce((n, o) => n + o.ready, 0);
    const failed = opened.reduce((n, o) => n + o.failed, 0);
    const connectMs = summarize(opened.flatMap((o) => o.connectMs));
    const connectS = Math.max(...opened.map((o) => o.elapsedMs)) / 1000;
    const fdPeak = fds(pid);

    const holdWindow = startWindow(pid, pinning.serverPrefix.length > 0);
    const heldReplies = workers.map((w) => w.next('held'));
    for (const w of workers)
      w.send({
        type: 'hold',
        pingEveryMs: config.pingEveryS * 1000,
        durationMs: config.holdS * 1000,
      });
    const held = await Promise.all(heldReplies);
    const holdWin = holdWindow.stop();
    const rssAfter = rssMiB(pid);
    const rtt = summarize(held.flatMap((h) => h.rttMs));
    const pings = held.reduce((n, h) => n + h.pings, 0);
    const pongs = held.reduce((n, h) => n + h.pongs, 0);
    const dropped = held.reduce((n, h) => n + h.dropped, 0);
    const serverPings = held.reduce((n, h) => n + h.serverPings, 0);

    // Serving while every socket is held (no descriptor may be left at the
    // limit), and again once they are gone: it must recover, not stay stuck.
    const ready200 = async () => {
      const probe = new ApiClient(server!.port, 1);
      const ok = await Promise.race([
        probe
          .request('GET', '/ready')
          .then((r) => r.status === 200)
          .catch(() => false),
        sleep(5000).then(() => false),
      ]);
      probe.close();
      return ok;
    };
    const aliveWhileHeld = await ready200();
    await closeWorkers(workers);
    // Recovery: the server has every close to process (presence, unsubscribes)
    // and may be backing off; it must answer again within RECOVERY_S.
    const closedAt = performance.now();
    let alive = false;
    while (!alive && performance.now() - closedAt < RECOVERY_S * 1000) {
      alive = await ready200();
      if (!alive) await sleep(500);
    }
    const recoveryS = alive ? (performance.now() - closedAt) / 1000 : null;
    // The server's own refusal warning (docs/OPERATIONS.md, "Open files") or a raw EMFILE.
    const emfileLines = server.logLines.filter((l) =>
      /EMFILE|too many open files|open files: out of sockets/i.test(l),
    );
    const warnLines = server.logLines.length;
    await server.stop();
    const relay = config.relay ? await relaySockets(config, pinning) : null;

    const kibPerSocket = ready > 0 ? ((rssAfter - rssBefore) * 1024) / ready : NaN;
    const errors = failed;
    const lost = dropped + Math.max(0, pings - pongs);
    const met = ready === config.sockets && lost === 0 && kibPerSocket <= config.targetKiB;
    const ratio = relay ? kibPerSocket / relay.kibPerSocket : null;
    const rows: Row[] = [
      ['setup', `${config.sockets} sockets from ${config.workers} workers, ${pinning.description}`],
      ['seeding s', round(seedS)],
      ['ready / failed', `${ready} / ${failed}`],
      ['connect s (rate)', `${round(connectS, 2)} (${round(ready / Math.max(0.001, connectS))}/s)`],
      [
        'connect p50/p95/p99/max ms',
        `${round(connectMs.p50, 2)} / ${round(connectMs.p95, 2)} / ${round(connectMs.p99, 2)} / ${round(connectMs.max, 2)}`,
      ],
      ['server CPU s while connecting', round(connectWin.serverCpuS, 2)],
      [
        `ping rtt p50/p95/p99/max ms (held ${config.holdS} s)`,
        `${round(rtt.p50, 2)} / ${round(rtt.p95, 2)} / ${round(rtt.p99, 2)} / ${round(rtt.max, 2)}`,
      ],
      ['pings / pongs / server WS pings', `${pings} / ${pongs} / ${serverPings}`],
      ['dropped while held', dropped],
      ['server RSS MiB before / after', `${round(rssBefore)} / ${round(rssAfter)}`],
      ['server RSS per socket KiB', round(kibPerSocket, 2)],
      ...(relay ? relayRows(relay, ratio, config) : []),
      ['server fds before / peak (limit)', `${fdBefore.open} / ${fdPeak.open} (${fdPeak.limit})`],
      ['server EMFILE log lines', emfileLines.length],
      [
        'server answers /ready while held / after',
        `${aliveWhileHeld ? 'yes' : 'no'} / ${alive ? `yes, ${round(recoveryS ?? 0, 1)} s after the close` : `NO within ${RECOVERY_S} s`}`,
      ],
      ...windowRows(holdWin).map(([k, v]): Row => [`${k} (hold)`, v]),
      ['errors', errors],
      ['lost', lost],
      [
        'verdict',
        met
          ? `target met (≤ ${config.targetKiB} KiB per socket)`
          : errors + lost > 0 || !alive
            ? 'FAILED'
            : 'target missed',
      ],
    ];
    printTable('connections', rows);
    for (const e of [...opened.flatMap((o) => o.errors), ...held.flatMap((h) => h.errors)])
      process.stdout.write(`  error: ${e}\n`);
    for (const l of emfileLines.slice(0, 3)) process.stdout.write(`  server: ${l.slice(0, 300)}\n`);
    printJsonLine({
      scenario: 'connections',
      date: new Date().toISOString(),
      node: process.version,
      pinning: pinning.description,
      sockets: config.sockets,
      workers: config.workers,
      ready,
      failed,
      connect_s: round(connectS, 2),
      connect_per_s: round(ready / Math.max(0.001, connectS)),
      connect_ms: {
        p50: round(connectMs.p50, 2),
        p95: round(connectMs.p95, 2),
        p99: round(connectMs.p99, 2),
      },
      latency_ms: { p50: round(rtt.p50, 2), p95: round(rtt.p95, 2), p99: round(rtt.p99, 2) },
      throughput_per_s: round(pongs / Math.max(0.001, holdWin.seconds)),
      pings,
      pongs,
      server_ws_pings: serverPings,
      server_rss_before_mib: round(rssBefore),
      server_rss_after_mib: round(rssAfter),
      server_kib_per_socket: round(kibPerSocket, 2),
      ...(relay
        ? {
            relay: {
              ready: relay.ready,
              rss_before_mib: round(relay.rssBeforeMiB),
              rss_after_mib: round(relay.rssAfterMiB),
              kib_per_socket: round(relay.kibPerSocket, 2),
            },
            ratio_to_relay: { kibPerSocket: ratio === null ? null : round(ratio, 2) },
          }
        : {}),
      server_fds_peak: fdPeak.open,
      server_fd_limit: fdPeak.limit,
      server_emfile_lines: emfileLines.length,
      server_warn_lines: warnLines,
      server_alive_while_held: aliveWhileHeld,
      server_alive: alive,
      server_recovery_s: recoveryS === null ? null : round(recoveryS, 2),
      connect_server_cpu_s: round(connectWin.serverCpuS, 2),
      ...windowJson(holdWin),
      errors,
      lost,
      target_kib: config.targetKiB,
      target_met: met,
    });
    return errors + lost > 0 || !alive ? 1 : 0;
  } finally {
    clearTimeout(watchdog);
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    await server?.stop();
    await bench?.destroy();
  }
}
