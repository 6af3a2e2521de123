import type { ProfileSummary } from '../lib/cpuprofile';
import type { Row } from '../lib/report';
import type { StatementCost } from '../lib/sql-timing';
import { printJsonLine, printTable } from '../lib/report';
import { round, summarize } from '../lib/stats';
import type { FanoutConfig } from './config';
import { keyFigures, neighbourOf, ratiosOf } from './ratios';
import type { Figures } from './ratios';
import type { Tracker } from './tracker';

// Turns one run's raw counts into the report, and decides the exit code:
// lost, duplicated or failed deliveries fail the run (they are bugs); a missed
// latency target does not (it is a finding, and CI machines are noisy).

/** Foreign CPU use on a pinned core above which a run is flagged as disturbed. */
const NOISE_LIMIT_PCT = 10;

export interface FanoutOutcome {
  config: FanoutConfig;
  pinning: string;
  seedS: number;
  tracker: Tracker;
  lost: number;
  setupErrors: number;
  serverCpuS: number;
  serverRssMiB: number;
  clientCpuS: number;
  clientLoopDelayP99Ms: number;
  clientLoopDelayMaxMs: number;
  serverWarnings: number;
  /** Busy and steal share of the pinned cores (or of the machine) during the window. */
  cores: { name: string; busyPct: number; stealPct: number; ownPct: number }[];
  profile: ProfileSummary | undefined;
  profileFile: string | undefined;
  /** `--sql-timing`: each SQLite statement's calls and time in the window. */
  sqlCosts: StatementCost[] | undefined;
  /** Server RSS the open sockets added once idle, per socket. */
  idleSocketKiB: number;
}

export interface PrintOptions {
  title: string;
  /** The relay run of the same load: its figures and the ratios go into the JSON line. */
  reference?: FanoutOutcome;
  /** `--ejabberd`: the ejabberd run of the same load, into the JSON line likewise. */
  ejabberd?: FanoutOutcome;
  /** More fields for the JSON line (`--rounds`: the per-round ratios and their medians). */
  json?: Record<string, unknown>;
}

/** Lost, duplicated or failed deliveries: bugs, which fail the run (exit 1). */
export function runFailed(o: FanoutOutcome): boolean {
  return o.lost > 0 || o.tracker.duplicates > 0 || o.tracker.errors > 0;
}

/** A reference that lost messages or failed makes its ratios meaningless: the run fails too. */
export function referenceFailed(o: FanoutOutcome): boolean {
  return o.lost > 0 || o.tracker.errors > 0;
}

/** The statements that cost the window most, and their sum per measured send. */
function printSqlCosts(costs: StatementCost[], durationS: number, sends: number): void {
  const totalMs = costs.reduce((sum, c) => sum + c.ms, 0);
  printTable(
    `SQLite statements (measured window: ${round(totalMs)} ms in all, ${round((1000 * totalMs) / Math.max(1, sends))} µs per send)`,
    costs
      .slice(0, 15)
      .map((c): Row => [
        c.sql.slice(0, 90),
        `${round(c.usPerCall)} µs × ${round(c.calls / durationS)}/s = ${round((100 * c.ms) / totalMs)}%`,
      ]),
  );
}

export function printFanout(o: FanoutOutcome, options: PrintOptions): number {
  const { config, tracker } = o;
  const latency = summarize(tracker.latencies);
  const lag = summarize(tracker.sendLags);
  const reply = summarize(tracker.replyTimes);
  let measuredOk = 0;
  for (const m of tracker.messages.values()) if (m.measured && m.status === 'ok') measuredOk++;
  const d = config.durationS;
  const p99Ok = latency.p99 <= config.targetP99Ms;
  // Busy time on a pinned core beyond what our own process used there is a
  // neighbour's (another test run, a build): the latency figures are then not
  // the server's. Only meaningful when pinned (one line per core).
  const neighbourPct = neighbourOf(o);
  const noisy = neighbourPct > NOISE_LIMIT_PCT;
  const failed = runFailed(o);

  const result = {
    scenario: 'fanout',
    date: new Date().toISOString(),
    node: process.version,
    pinning: o.pinning,
    groups: config.groups,
    members: config.members,
    direct: config.direct,
    via: config.via,
    senders_per_group: config.senders,
    target_rate: config.rate,
    warmup_s: config.warmupS,
    duration_s: d,
    seed_s: round(o.seedS),
    sends_per_s: round(measuredOk / d),
    deliveries_per_s: round(tracker.measuredDeliveries / d),
    latency_ms: {
      p50: round(latency.p50),
      p95: round(latency.p95),
      p99: round(latency.p99),
      max: round(latency.max),
    },
    post_reply_ms: { p50: round(reply.p50), p99: round(reply.p99) },
    send_lag_ms_p99: round(lag.p99),
    errors: tracker.errors,
    setup_errors: o.setupErrors,
    lost: o.lost,
    duplicated: tracker.duplicates,
    strays: tracker.strays,
    server_cpu_s: round(o.serverCpuS, 2),
    server_cpu_pct: round((100 * o.serverCpuS) / d),
    server_rss_mib: round(o.serverRssMiB),
    idle_socket_kib: round(o.idleSocketKiB),
    client_cpu_pct: round((100 * o.clientCpuS) / d),
    client_loop_delay_ms: {
      p99: round(o.clientLoopDelayP99Ms),
      max: round(o.clientLoopDelayMaxMs),
    },
    cores: o.cores.map((c) => ({
      name: c.name,
      busy_pct: round(c.busyPct),
      steal_pct: round(c.stealPct),
    })),
    neighbour_cpu_pct: round(neighbourPct),
    disturbed: noisy,
    server_warnings: o.serverWarnings,
    target_p99_ms: config.targetP99Ms,
    target_met: p99Ok && !failed && measuredOk / d >= config.rate * 0.98,
  };

  const rows: Row[] = [
    [
      'setup',
      `${config.groups} × ${config.members} users${config.direct ? ' (direct chats)' : ''}, ${config.senders} senders/group, sent via ${config.via}, ${o.pinning}`,
    ],
    [
      'target',
      `${config.rate} msg/s for ${d} s (+${config.warmupS} s warm-up), p99 ≤ ${config.targetP99Ms} ms`,
    ],
    ['sends/s achieved', result.sends_per_s],
    ['deliveries/s', result.deliveries_per_s],
    ['latency p50 ms', result.latency_ms.p50],
    ['latency p95 ms', result.latency_ms.p95],
    ['latency p99 ms', result.latency_ms.p99],
    ['latency max ms', result.latency_ms.max],
    ['send reply p50/p99 ms', `${result.post_reply_ms.p50} / ${result.post_reply_ms.p99}`],
    ['send lag p99 ms (load gen)', result.send_lag_ms_p99],
    ['errors', result.errors],
    ['lost', result.lost],
    ['duplicated', result.duplicated],
    ['server CPU s (window)', `${result.server_cpu_s} (${result.server_cpu_pct}% of a core)`],
    ['server RSS MiB (peak)', result.server_rss_mib],
    ['idle socket KiB', result.idle_socket_kib],
    ['load gen CPU', `${result.client_cpu_pct}% of a core`],
    [
      'load gen loop delay p99/max ms',
      `${result.client_loop_delay_ms.p99} / ${result.client_loop_delay_ms.max}`,
    ],
    ...result.cores.map((c): Row => [
      `${c.name} busy / steal (all procs)`,
      `${c.busy_pct}% / ${c.steal_pct}%`,
    ]),
    ['server warn/error lines', result.server_warnings],
    [
      'foreign CPU on pinned cores',
      `${result.neighbour_cpu_pct}% of a core${noisy ? '  (DISTURBED: rerun on an idle machine)' : ''}`,
    ],
    ['verdict', result.target_met ? 'target met' : failed ? 'FAILED' : 'target missed'],
  ];
  printTable(options.title, rows);
  for (const sample of tracker.errorSamples) process.stdout.write(`  error: ${sample}\n`);

  if (o.profile) {
    const p = o.profile;
    printTable(
      `server CPU profile (measured window: ${round(p.sampledMs)} ms busy, ${round(p.idleMs)} ms idle)`,
      [
        ...p.modules.map((m): Row => [`[${m.name}]`, `${round(m.percent)}%`]),
        ...p.functions.map((f): Row => [f.name.slice(0, 110), `${round(f.percent)}%`]),
      ],
    );
    process.stdout.write(`profile: ${o.profileFile ?? ''}\n`);
  }
  if (o.sqlCosts) printSqlCosts(o.sqlCosts, d, measuredOk);
  // One JSON line per run: Parley's, with the references' figures and the ratios beside it.
  if (options.reference) {
    const p = keyFigures(o);
    const rounded = (f: Figures) =>
      Object.fromEntries(Object.entries(f).map(([k, v]) => [k, round(v, 2)]));
    const beside = (name: string, other: FanoutOutcome) => ({
      [name]: rounded(keyFigures(other)),
      [`${name}_neighbour_cpu_pct`]: round(neighbourOf(other)),
      [`ratio_to_${name}`]: ratiosOf(p, keyFigures(other)),
    });
    printJsonLine({
      ...result,
      parley: rounded(p),
      ...beside('relay', options.reference),
      ...(options.ejabberd ? beside('ejabberd', options.ejabberd) : {}),
      ...options.json,
    });
  }
  const refFailed = [options.reference, options.ejabberd].some(
    (ref) => ref !== undefined && referenceFailed(ref),
  );
  return failed || refFailed ? 1 : 0;
}
