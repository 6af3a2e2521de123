import { performance } from 'node:perf_hooks';
import type { ApiReply } from './http';
import type { Row } from './report';
import type { LatencySummary } from './stats';
import { round, summarize } from './stats';

// Closed-loop latency of one kind of request: issue, wait for the reply,
// record, repeat. One at a time, so the figure is the server's service time
// for that query plus loopback, not a queue. A non-2xx reply is an error; a
// request that got no reply at all (socket error) is lost.

export interface OpResult {
  name: string;
  latency: LatencySummary;
  /** Requests per second this one connection achieved (1 / mean service time). */
  perSecond: number;
  errors: number;
  lost: number;
  errorSamples: string[];
}

export async function timeOp(
  name: string,
  count: number,
  /** Builds request i (untimed: picking its target is the load generator's work) and returns it. */
  make: (i: number) => () => Promise<ApiReply>,
  expect = 200,
): Promise<OpResult> {
  const samples: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let lost = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const call = make(i);
    const t = performance.now();
    try {
      const reply = await call();
      samples.push(performance.now() - t);
      if (reply.status !== expect) {
        errors++;
        if (errorSamples.length < 3)
          errorSamples.push(
            `${name}: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`,
          );
      }
    } catch (error) {
      lost++;
      if (errorSamples.length < 3)
        errorSamples.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    name,
    latency: summarize(samples),
    perSecond: samples.length / Math.max(0.001, seconds),
    errors,
    lost,
    errorSamples,
  };
}

export function opJson(r: OpResult): Record<string, unknown> {
  return {
    count: r.latency.count,
    p50: round(r.latency.p50, 2),
    p95: round(r.latency.p95, 2),
    p99: round(r.latency.p99, 2),
    max: round(r.latency.max, 2),
    per_s: round(r.perSecond),
    errors: r.errors,
    lost: r.lost,
  };
}

/** The report row of one timed request kind: p50 / p95 / p99 / max and its rate. */
export function opRow(o: OpResult): Row {
  const ms = (v: number) => round(v, 2);
  return [
    `${o.name} p50/p95/p99/max ms`,
    `${ms(o.latency.p50)} / ${ms(o.latency.p95)} / ${ms(o.latency.p99)} / ${ms(o.latency.max)}  (${round(o.perSecond)}/s)`,
  ];
}
