import type { Row } from '../lib/report';
import { printTable } from '../lib/report';
import { round, summarize } from '../lib/stats';
import type { FanoutOutcome } from './print';

// Parley against a reference run of the same load in the same bench run: the
// bare `ws` relay (issue 24's targets apply) and, with `--ejabberd`, ejabberd
// (what users would pick instead; no targets, the ratios are the finding).

/** The figures compared across runs, per measured send and delivery. */
export function keyFigures(o: FanoutOutcome) {
  const sends = o.tracker.replyTimes.length;
  const deliveries = o.tracker.measuredDeliveries;
  return {
    cpuUsPerSend: (1e6 * o.serverCpuS) / Math.max(1, sends),
    cpuUsPerDelivery: (1e6 * o.serverCpuS) / Math.max(1, deliveries),
    p99Ms: summarize(o.tracker.latencies).p99,
    replyP99Ms: summarize(o.tracker.replyTimes).p99,
    rssMiB: o.serverRssMiB,
    idleSocketKiB: o.idleSocketKiB,
  };
}

export type Figures = ReturnType<typeof keyFigures>;

export function ratiosOf(parley: Figures, reference: Figures): Figures {
  const out = {} as Figures;
  for (const k of Object.keys(parley) as (keyof Figures)[])
    out[k] = round(parley[k] / reference[k], 2);
  return out;
}

/**
 * Issue 24's targets, Parley ÷ relay: groups and direct pairs differ in CPU.
 * The one definition: one run's table and the median of `--rounds` (rounds.ts) both judge by it.
 */
export function relayTargets(direct: boolean): Partial<Figures> {
  return direct
    ? { cpuUsPerSend: 2, p99Ms: 3, rssMiB: 2, idleSocketKiB: 1.5 }
    : { cpuUsPerDelivery: 1.5, p99Ms: 3, rssMiB: 2, idleSocketKiB: 1.5 };
}

/** How each figure is named in the ratio tables. */
export const FIGURE_NAMES: Record<keyof Figures, string> = {
  cpuUsPerSend: 'server CPU µs per send',
  cpuUsPerDelivery: 'server CPU µs per delivery',
  p99Ms: 'latency p99 ms',
  replyP99Ms: 'send reply p99 ms',
  rssMiB: 'server RSS MiB (peak)',
  idleSocketKiB: 'idle socket KiB',
};

/** A ratio against its target: '' when the figure has none. */
export function verdictOf(ratio: number, target: number | undefined): string {
  if (target === undefined) return '';
  return ratio <= target ? `≤ ${target} met` : `> ${target} MISSED`;
}

/**
 * What a few hundred idle sockets add to RSS is within what the server's own
 * garbage collection moves between two readings (a run read -2.7 KiB per
 * socket): below this total the idle-socket figure is noise, not a result.
 * The `connections` scenario (20,000 sockets) measures it.
 */
const IDLE_NOISE_FLOOR_MIB = 4;

function idleIsNoise(o: FanoutOutcome): boolean {
  const sockets = o.config.groups * o.config.members;
  return (o.idleSocketKiB * sockets) / 1024 < IDLE_NOISE_FLOOR_MIB;
}

/** Busy time on a pinned core beyond the bench's own: a neighbour's (NaN when not pinned). */
export function neighbourOf(o: FanoutOutcome): number {
  return o.cores.length === 2 ? Math.max(...o.cores.map((c) => c.busyPct - c.ownPct)) : NaN;
}

/** `reference`: 'relay' (judged against issue 24's targets) or 'ejabberd' (ratios only). */
export function printRatios(
  parley: FanoutOutcome,
  other: FanoutOutcome,
  reference: 'relay' | 'ejabberd' = 'relay',
): void {
  const p = keyFigures(parley);
  const r = keyFigures(other);
  const ratio = ratiosOf(p, r);
  const goal = reference === 'relay' ? relayTargets(parley.config.direct) : {};
  printTable(
    `Parley ÷ ${reference} (same load, same run)`,
    (Object.keys(FIGURE_NAMES) as (keyof Figures)[])
      .map((k): Row => {
        const noise = k === 'idleSocketKiB' && (idleIsNoise(parley) || idleIsNoise(other));
        const verdict = noise
          ? `below the ${IDLE_NOISE_FLOOR_MIB} MiB noise floor: no verdict (bench connections)`
          : verdictOf(ratio[k], goal[k]);
        const shown = `${round(p[k], 2)} ÷ ${round(r[k], 2)} = ${ratio[k]}×`;
        return [FIGURE_NAMES[k], verdict ? `${shown}  ${verdict}` : shown];
      })
      .concat([
        [
          `foreign CPU on pinned cores (${reference} run / Parley run)`,
          `${round(neighbourOf(other))}% / ${round(neighbourOf(parley))}% of a core`,
        ],
      ]),
  );
}
