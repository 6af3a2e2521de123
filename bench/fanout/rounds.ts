import type { Row } from '../lib/report';
import { printTable } from '../lib/report';
import { round } from '../lib/stats';
import type { FanoutOutcome } from './print';
import { referenceFailed, runFailed } from './print';
import type { Figures } from './ratios';
import { FIGURE_NAMES, keyFigures, neighbourOf, ratiosOf, relayTargets, verdictOf } from './ratios';

// `--rounds N`: the relay and Parley run N times alternately (R P R P …),
// because one pair on a noisy machine moves ±15 % from run to run. Each round
// is cut down to its figures as soon as it ends (a run's tracker holds every
// latency), and the ratios are judged by their median over the rounds,
// against the same targets as one run's table (ratios.ts).

export interface RoundSummary {
  relay: Figures;
  parley: Figures;
  /** Parley ÷ relay, rounded as in the single-run JSON line's `ratio_to_relay`. */
  ratio: Figures;
  /** Foreign CPU on the pinned cores during each run, % of a core (NaN when not pinned). */
  relayForeignPct: number;
  parleyForeignPct: number;
  /** What failed the round ('' when nothing did), and a few of its error lines. */
  failure: string;
  errorSamples: string[];
  /** The round's exit code, by the same rules as one run's (print.ts). */
  code: number;
}

/** The figures a one-run table judges (idle socket KiB aside: below its noise floor in fanout). */
const JUDGED: (keyof Figures)[] = [
  'cpuUsPerSend',
  'cpuUsPerDelivery',
  'p99Ms',
  'replyP99Ms',
  'rssMiB',
];

const SAMPLES_PER_RUN = 3;

function problemsOf(name: string, o: FanoutOutcome): string[] {
  const counts = [
    [o.lost, 'lost'],
    [o.tracker.duplicates, 'duplicated'],
    [o.tracker.errors, 'errors'],
  ] as const;
  const found = counts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return found.length > 0 ? [`${name} ${found.join(', ')}`] : [];
}

export function summarizeRound(relay: FanoutOutcome, parley: FanoutOutcome): RoundSummary {
  const failed = runFailed(parley) || referenceFailed(relay);
  const samples = (name: string, o: FanoutOutcome) =>
    o.tracker.errorSamples.slice(0, SAMPLES_PER_RUN).map((e) => `${name}: ${e}`);
  const r = keyFigures(relay);
  const p = keyFigures(parley);
  return {
    relay: r,
    parley: p,
    ratio: ratiosOf(p, r),
    relayForeignPct: neighbourOf(relay),
    parleyForeignPct: neighbourOf(parley),
    failure: failed
      ? [...problemsOf('relay', relay), ...problemsOf('Parley', parley)].join('; ')
      : '',
    errorSamples: [...samples('relay', relay), ...samples('Parley', parley)],
    code: failed ? 1 : 0,
  };
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** Median (mean of the middle two for an even count), min and max; NaN values are left out. */
export function spreadOf(values: readonly number[]): Spread {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { median: NaN, min: NaN, max: NaN };
  const mid = Math.floor(n / 2);
  const at = (i: number) => sorted[i] ?? NaN;
  return {
    median: n % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2,
    min: at(0),
    max: at(n - 1),
  };
}

/** Each figure's spread over the rounds' ratios. */
export function ratioSpreads(ratios: readonly Figures[]): Record<keyof Figures, Spread> {
  const out = {} as Record<keyof Figures, Spread>;
  for (const k of Object.keys(FIGURE_NAMES) as (keyof Figures)[])
    out[k] = spreadOf(ratios.map((r) => r[k]));
  return out;
}

/** The fields `--rounds` adds to the JSON line (also with one round, so its shape is fixed). */
export function roundsJson(rounds: readonly RoundSummary[]): Record<string, unknown> {
  const spreads = ratioSpreads(rounds.map((r) => r.ratio));
  const medians = Object.fromEntries(
    Object.entries(spreads).map(([k, s]) => [k, round(s.median, 2)]),
  );
  return {
    rounds: rounds.length,
    ratio_to_relay_median: medians,
    ratio_to_relay_rounds: rounds.map((r) => r.ratio),
  };
}

const pct = (v: number) => (Number.isNaN(v) ? 'n/a' : `${round(v)}%`);

/** One compact line per round: relay → Parley (ratio) for CPU per send, p99 and RSS. */
export function roundRow(index: number, r: RoundSummary): Row {
  const pair = (label: string, k: keyof Figures) =>
    `${label} ${round(r.relay[k])} → ${round(r.parley[k])} (${r.ratio[k]}×)`;
  const parts = [
    pair('CPU µs/send', 'cpuUsPerSend'),
    pair('p99 ms', 'p99Ms'),
    pair('RSS MiB', 'rssMiB'),
    `foreign CPU ${pct(r.relayForeignPct)} / ${pct(r.parleyForeignPct)}`,
  ];
  return [`round ${index}`, `${parts.join(' · ')}${r.failure ? `  FAILED: ${r.failure}` : ''}`];
}

/** The median block: median ratio, min–max, and the verdict against issue 24's targets. */
export function medianRows(ratios: readonly Figures[], direct: boolean): Row[] {
  const spreads = ratioSpreads(ratios);
  const goal = relayTargets(direct);
  return JUDGED.map((k): Row => {
    const s = spreads[k];
    const target = goal[k];
    const verdict = verdictOf(round(s.median, 2), target);
    const within = target === undefined ? 0 : ratios.filter((r) => r[k] <= target).length;
    const shown = `${round(s.median, 2)}× (${round(s.min, 2)}–${round(s.max, 2)})`;
    return [
      FIGURE_NAMES[k],
      verdict ? `${shown}  ${verdict} (${within} of ${ratios.length} rounds within)` : shown,
    ];
  });
}

export function printRounds(rounds: readonly RoundSummary[], direct: boolean): void {
  printTable(
    'each round: relay → Parley (Parley ÷ relay); foreign CPU relay run / Parley run',
    rounds.map((r, i) => roundRow(i + 1, r)),
  );
  // The last round's errors are under its tables already.
  rounds.slice(0, -1).forEach((r, i) => {
    for (const e of r.errorSamples) process.stdout.write(`  round ${i + 1} error: ${e}\n`);
  });
  printTable(
    `Parley ÷ relay, median of ${rounds.length} rounds (min–max)`,
    medianRows(
      rounds.map((r) => r.ratio),
      direct,
    ),
  );
}
