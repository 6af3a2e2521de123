import { describe, expect, it } from 'vitest';
import type { FanoutOutcome } from './print';
import type { Figures } from './ratios';
import type { RoundSummary } from './rounds';
import { medianRows, roundRow, roundsJson, spreadOf, summarizeRound } from './rounds';
import { Tracker } from './tracker';

const figures = (over: Partial<Figures> = {}): Figures => ({
  cpuUsPerSend: 2,
  cpuUsPerDelivery: 1.2,
  p99Ms: 2,
  replyP99Ms: 1.5,
  rssMiB: 1.8,
  idleSocketKiB: 1,
  ...over,
});

const summary = (ratio: Figures, failure = ''): RoundSummary => ({
  relay: figures({ cpuUsPerSend: 10, p99Ms: 1, rssMiB: 50 }),
  parley: figures({ cpuUsPerSend: 10 * ratio.cpuUsPerSend, p99Ms: ratio.p99Ms, rssMiB: 90 }),
  ratio,
  relayForeignPct: 2,
  parleyForeignPct: NaN,
  failure,
  errorSamples: [],
  code: failure ? 1 : 0,
});

describe('spreadOf', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(spreadOf([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3 });
  });

  it('averages the middle two of an even count', () => {
    expect(spreadOf([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4 });
  });

  it('is the value itself for one round', () => {
    expect(spreadOf([1.31])).toEqual({ median: 1.31, min: 1.31, max: 1.31 });
  });

  it('leaves missing figures out, and is NaN when none is left', () => {
    expect(spreadOf([NaN, 5, 1])).toEqual({ median: 3, min: 1, max: 5 });
    expect(spreadOf([NaN]).median).toBeNaN();
    expect(spreadOf([]).median).toBeNaN();
  });
});

describe('medianRows', () => {
  const rounds = [
    figures({ cpuUsPerDelivery: 1.4 }),
    figures({ cpuUsPerDelivery: 1.7 }),
    figures({ cpuUsPerDelivery: 1.45 }),
  ];

  it('judges the median of groups by the one-run targets, with the spread and the rounds within', () => {
    const rows = Object.fromEntries(medianRows(rounds, false));
    expect(rows['server CPU µs per delivery']).toBe(
      '1.45× (1.4–1.7)  ≤ 1.5 met (2 of 3 rounds within)',
    );
    // No target for CPU per send in groups, nor for the send reply: the ratio only.
    expect(rows['server CPU µs per send']).toBe('2× (2–2)');
    expect(rows['send reply p99 ms']).toBe('1.5× (1.5–1.5)');
    expect(rows['latency p99 ms']).toBe('2× (2–2)  ≤ 3 met (3 of 3 rounds within)');
  });

  it('judges pairs by CPU per send, and reports a miss', () => {
    const rows = Object.fromEntries(
      medianRows([figures({ cpuUsPerSend: 2.5 }), figures({ cpuUsPerSend: 1.9 })], true),
    );
    expect(rows['server CPU µs per send']).toBe(
      '2.2× (1.9–2.5)  > 2 MISSED (1 of 2 rounds within)',
    );
    expect(rows['server CPU µs per delivery']).toBe('1.2× (1.2–1.2)');
  });

  it('lists the five judged figures, not the idle socket one', () => {
    expect(medianRows(rounds, false)).toHaveLength(5);
  });
});

describe('roundsJson', () => {
  it('has the round count, the medians of every ratio and each round’s ratios', () => {
    const ratios = [figures({ p99Ms: 1 }), figures({ p99Ms: 4 }), figures({ p99Ms: 2.333 })];
    const json = roundsJson(ratios.map((r) => summary(r)));
    expect(json.rounds).toBe(3);
    expect(json.ratio_to_relay_median).toEqual({ ...figures(), p99Ms: 2.33 });
    expect(json.ratio_to_relay_rounds).toEqual(ratios);
  });
});

describe('roundRow', () => {
  it('shows relay → Parley with the ratio, the foreign CPU of both runs, and a failure', () => {
    const [label, value] = roundRow(2, summary(figures({ p99Ms: 3 }), 'Parley 2 lost'));
    expect(label).toBe('round 2');
    expect(value).toBe(
      'CPU µs/send 10 → 20 (2×) · p99 ms 1 → 3 (3×) · RSS MiB 50 → 90 (1.8×) · foreign CPU 2% / n/a  FAILED: Parley 2 lost',
    );
  });
});

describe('summarizeRound', () => {
  /** The fields a round's summary reads; the rest of an outcome does not matter here. */
  const outcome = (lost: number, duplicates: number, errors: number): FanoutOutcome => {
    const tracker = new Tracker();
    tracker.duplicates = duplicates;
    for (let i = 0; i < errors; i++) tracker.error(`error ${i}`);
    return { tracker, lost, serverCpuS: 1, serverRssMiB: 50, idleSocketKiB: 1, cores: [] } as never;
  };

  it('passes a clean round', () => {
    const r = summarizeRound(outcome(0, 0, 0), outcome(0, 0, 0));
    expect(r.code).toBe(0);
    expect(r.failure).toBe('');
  });

  it('fails a round as one run fails: Parley lost, duplicated or errors, the relay lost or errors', () => {
    expect(summarizeRound(outcome(0, 0, 0), outcome(0, 1, 0)).code).toBe(1);
    expect(summarizeRound(outcome(3, 0, 0), outcome(0, 0, 0)).failure).toBe('relay 3 lost');
    const both = summarizeRound(outcome(0, 0, 1), outcome(2, 0, 1));
    expect(both.code).toBe(1);
    expect(both.failure).toBe('relay 1 errors; Parley 2 lost, 1 errors');
    expect(both.errorSamples).toEqual(['relay: error 0', 'Parley: error 0']);
    // A relay duplicate does not fail a single run's references either (print.ts).
    expect(summarizeRound(outcome(0, 1, 0), outcome(0, 0, 0)).code).toBe(0);
  });
});
