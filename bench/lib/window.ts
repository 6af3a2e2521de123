import { cpuOfNamed, cpuSeconds, sampleRss, systemCpu } from './proc';
import type { SystemCpu } from './proc';
import type { Row } from './report';
import { round } from './stats';

// The measured window of a scenario (after its warm-up): server CPU seconds,
// peak server RSS, the load generator's CPU, and how busy the pinned cores
// were with other processes. Same method as fanout (see README, "How a run is
// set up"): above NOISE_LIMIT_PCT of a core used by neighbours the run is
// flagged as disturbed.

export const NOISE_LIMIT_PCT = 10;

export interface WindowResult {
  seconds: number;
  serverCpuS: number;
  serverRssStartMiB: number;
  serverRssPeakMiB: number;
  serverRssEndMiB: number;
  clientCpuS: number;
  /** Foreign CPU on the pinned cores in % of a core, NaN when not pinned. */
  neighbourPct: number;
  /** CPU seconds of the database's own processes (PostgreSQL), 0 when not asked. */
  databaseCpuS: number;
  /** The largest share of a pinned core (or the machine) the hypervisor took (VM steal), %. */
  stealPct: number;
  disturbed: boolean;
}

export interface WindowOptions {
  /** Judge noise on cpu0 alone, for scenarios whose own child processes (Chromium) work on cpu1. */
  serverCoreOnly?: boolean;
  /** The server's database runs here (PostgreSQL): its processes' CPU is the run's own, not a neighbour's. */
  databaseProcess?: string;
}

export interface MeasureWindow {
  stop: () => WindowResult;
}

/** Starts measuring now. `pinned`: server on cpu0, this process on cpu1. */
export function startWindow(
  serverPid: number,
  pinned: boolean,
  { serverCoreOnly = false, databaseProcess }: WindowOptions = {},
): MeasureWindow {
  const started = performance.now();
  const cpuStart = cpuSeconds(serverPid);
  const clientStart = process.cpuUsage();
  const rssStart = sampleRss(serverPid, 1).stop();
  const rss = sampleRss(serverPid, 250);
  const coreNames = pinned ? ['cpu0', 'cpu1'] : ['cpu'];
  const coreStart = coreNames.map((c) => systemCpu(c));
  const database = databaseProcess ? cpuOfNamed(databaseProcess) : null;
  return {
    stop: () => {
      const seconds = (performance.now() - started) / 1000;
      const serverCpuS = cpuSeconds(serverPid) - cpuStart;
      const used = process.cpuUsage(clientStart);
      const clientCpuS = (used.user + used.system) / 1e6;
      const rssPeak = rss.stop();
      const rssEnd = sampleRss(serverPid, 1).stop();
      const databaseCpuS = database?.since() ?? 0;
      const ends = coreNames.map((c) => systemCpu(c));
      const share = (pick: (c: SystemCpu) => number) =>
        ends.map((e, i) => {
          const s = coreStart[i] as SystemCpu;
          return (100 * (pick(e) - pick(s))) / Math.max(1, e.total - s.total);
        });
      const stealPct = Math.max(...share((c) => c.steal));
      let neighbourPct = NaN;
      if (pinned) {
        const busy = share((c) => c.busy);
        const own = [(100 * serverCpuS) / seconds, (100 * clientCpuS) / seconds];
        const foreign = busy.map((b, i) => b - (own[i] ?? 0));
        // The database is not pinned: its share comes off the cores' sum.
        const databasePct = (100 * databaseCpuS) / seconds;
        neighbourPct = serverCoreOnly
          ? (foreign[0] ?? NaN)
          : databaseProcess
            ? Math.max(0, foreign.reduce((a, b) => a + b, 0) - databasePct)
            : Math.max(...foreign);
      }
      return {
        seconds,
        serverCpuS,
        serverRssStartMiB: rssStart,
        serverRssPeakMiB: rssPeak,
        serverRssEndMiB: rssEnd,
        clientCpuS,
        neighbourPct,
        databaseCpuS,
        stealPct,
        disturbed: neighbourPct > NOISE_LIMIT_PCT,
      };
    },
  };
}

/** The window's figures for the JSON line. */
export function windowJson(w: WindowResult): Record<string, unknown> {
  return {
    window_s: round(w.seconds, 2),
    server_cpu_s: round(w.serverCpuS, 2),
    server_cpu_pct: round((100 * w.serverCpuS) / Math.max(0.001, w.seconds)),
    server_rss_mib: round(w.serverRssPeakMiB),
    client_cpu_pct: round((100 * w.clientCpuS) / Math.max(0.001, w.seconds)),
    neighbour_cpu_pct: round(w.neighbourPct),
    database_cpu_s: round(w.databaseCpuS, 2),
    steal_pct: round(w.stealPct, 1),
    disturbed: w.disturbed,
  };
}

/** The window's rows for the table. */
export function windowRows(w: WindowResult): Row[] {
  const pct = (s: number) => round((100 * s) / Math.max(0.001, w.seconds));
  return [
    ['server CPU s (window)', `${round(w.serverCpuS, 2)} (${pct(w.serverCpuS)}% of a core)`],
    ['server RSS MiB (peak)', round(w.serverRssPeakMiB)],
    ['load gen CPU', `${pct(w.clientCpuS)}% of a core`],
    ...(w.databaseCpuS > 0
      ? ([
          [
            'database CPU s (window)',
            `${round(w.databaseCpuS, 2)} (${pct(w.databaseCpuS)}% of a core)`,
          ],
        ] as Row[])
      : []),
    ['VM steal (worst core)', `${round(w.stealPct, 1)}%`],
    [
      'foreign CPU on pinned cores',
      Number.isNaN(w.neighbourPct)
        ? 'not pinned'
        : `${round(w.neighbourPct)}% of a core${w.disturbed ? '  (DISTURBED: rerun on an idle machine)' : ''}`,
    ],
  ];
}
