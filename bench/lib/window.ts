import { cpuSeconds, sampleRss, systemCpu } from './proc';
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
  disturbed: boolean;
}

export interface MeasureWindow {
  stop: () => WindowResult;
}

/**
 * Starts measuring now. `pinned`: server on cpu0, this process on cpu1.
 * `serverCoreOnly`: judge noise on cpu0 alone, for scenarios whose own child
 * processes (Chromium) work on cpu1 and would read as neighbours there.
 */
export function startWindow(
  serverPid: number,
  pinned: boolean,
  serverCoreOnly = false,
): MeasureWindow {
  const started = performance.now();
  const cpuStart = cpuSeconds(serverPid);
  const clientStart = process.cpuUsage();
  const rssStart = sampleRss(serverPid, 1).stop();
  const rss = sampleRss(serverPid, 250);
  const coreNames = pinned ? ['cpu0', 'cpu1'] : ['cpu'];
  const coreStart = coreNames.map((c) => systemCpu(c));
  return {
    stop: () => {
      const seconds = (performance.now() - started) / 1000;
      const serverCpuS = cpuSeconds(serverPid) - cpuStart;
      const used = process.cpuUsage(clientStart);
      const clientCpuS = (used.user + used.system) / 1e6;
      const rssPeak = rss.stop();
      const rssEnd = sampleRss(serverPid, 1).stop();
      let neighbourPct = NaN;
      if (pinned) {
        const ends = coreNames.map((c) => systemCpu(c));
        const busy = ends.map((e, i) => {
          const s = coreStart[i] as SystemCpu;
          return (100 * (e.busy - s.busy)) / Math.max(1, e.total - s.total);
        });
        const own = [(100 * serverCpuS) / seconds, (100 * clientCpuS) / seconds];
        const foreign = busy.map((b, i) => b - (own[i] ?? 0));
        neighbourPct = serverCoreOnly ? (foreign[0] ?? NaN) : Math.max(...foreign);
      }
      return {
        seconds,
        serverCpuS,
        serverRssStartMiB: rssStart,
        serverRssPeakMiB: rssPeak,
        serverRssEndMiB: rssEnd,
        clientCpuS,
        neighbourPct,
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
    [
      'foreign CPU on pinned cores',
      Number.isNaN(w.neighbourPct)
        ? 'not pinned'
        : `${round(w.neighbourPct)}% of a core${w.disturbed ? '  (DISTURBED: rerun on an idle machine)' : ''}`,
    ],
  ];
}
