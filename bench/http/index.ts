import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { AutocannonOptions, AutocannonResult } from 'autocannon';
import { csrfToken, BENCH_PASSWORD, registerAndLogin } from '../lib/accounts';
import type { SignedIn } from '../lib/accounts';
import { ApiClient, expectStatus } from '../lib/http';
import type { Pinning } from '../lib/pin';
import { mapLimit } from '../lib/pool';
import type { Row } from '../lib/report';
import { printJsonLine, printTable } from '../lib/report';
import type { RunningServer } from '../lib/server';
import { startServer } from '../lib/server';
import type { LatencySummary } from '../lib/stats';
import { round, summarize } from '../lib/stats';
import type { WindowResult } from '../lib/window';
import { startWindow, windowJson, windowRows } from '../lib/window';
import type { HttpConfig } from './config';

// http: autocannon over keep-alive connections against a fresh server
// (rate limits raised by lib/server.ts, or login would stop at 10 a minute):
// GET /user, the conversation list, sending over HTTP with a new uuid per
// request, and sign-in at the real argon2 cost. Each endpoint gets a warm-up
// run (discarded) and a measured run; latencies are autocannon's per-response
// times, percentiles computed here (autocannon itself has no p95).

interface Measured {
  name: string;
  requests: number;
  perSecond: number;
  latency: LatencySummary;
  errors: number;
  non2xx: number;
  timeouts: number;
  window: WindowResult;
}

function run(options: AutocannonOptions, onResponse?: (ms: number, status: number) => void) {
  return new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    if (onResponse) {
      instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) =>
        onResponse(ms, status),
      );
    }
  });
}

async function measure(
  name: string,
  options: AutocannonOptions,
  warmupS: number,
  durationS: number,
  server: RunningServer,
  pinned: boolean,
): Promise<Measured> {
  if (warmupS > 0) await run({ ...options, duration: warmupS });
  const times: number[] = [];
  let non2xx = 0;
  const window = startWindow(server.pid, pinned);
  const result = await run({ ...options, duration: durationS }, (ms, status) => {
    times.push(ms);
    if (status < 200 || status > 299) non2xx++;
  });
  const win = window.stop();
  return {
    name,
    requests: times.length,
    perSecond: times.length / Math.max(0.001, win.seconds),
    latency: summarize(times),
    errors: result.errors,
    non2xx,
    timeouts: result.timeouts,
    window: win,
  };
}

export async function runHttp(config: HttpConfig, pinning: Pinning): Promise<number> {
  const hardLimitS = 120 + 4 * (config.warmupS + config.durationS) + config.loginDurationS * 2;
  let server: RunningServer | undefined;
  const watchdog = setTimeout(() => {
    process.stderr.write(`bench: http exceeded its hard limit of ${hardLimitS} s\n`);
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(3));
  }, hardLimitS * 1000);
  try {
    server = await startServer({ prefix: pinning.serverPrefix });
    const pinned = pinning.serverPrefix.length > 0;
    const api = new ApiClient(server.port, 4);
    const csrf = await csrfToken(api);
    const tag = Date.now().toString(36);
    const me = await registerAndLogin(api, csrf, `http${tag}me`);
    const loginUser = await registerAndLogin(api, csrf, `http${tag}login`);
    const others = await mapLimit(
      Array.from({ length: config.chats }, (_, i) => i),
      4,
      (i) => registerAndLogin(api, csrf, `http${tag}u${i}`),
    );
    // Each partner opens a direct chat with the user and writes in it: the list has previews.
    let sendTo = 0;
    for (const other of others) {
      const chat = await api.request('POST', '/user/conversations/direct', {
        token: other.token,
        json: { user_id: me.id },
      });
      expectStatus(chat, 200, 'open direct chat');
      const id = (chat.body as { id: number }).id;
      sendTo = id;
      const sent = await api.request('POST', '/user/messages', {
        token: other.token,
        json: { conversation_id: id, uuid: randomUUID(), message: `hello from ${other.id}` },
      });
      expectStatus(sent, 200, 'first message');
    }
    api.close();

    const url = `http://127.0.0.1:${server.port}`;
    const bearer = (u: SignedIn) => ({ authorization: `Bearer ${u.token}` });
    const base = { url, connections: config.connections, timeout: 10 };
    const results: Measured[] = [];
    const go = (name: string, options: AutocannonOptions, warmupS: number, durationS: number) =>
      measure(name, options, warmupS, durationS, server as RunningServer, pinned).then((m) => {
        results.push(m);
        process.stderr.write(`bench: ${name} ${round(m.perSecond)}/s\n`);
      });

    await go(
      'GET /user',
      { ...base, requests: [{ method: 'GET', path: '/api/v1/user', headers: bearer(me) }] },
      config.warmupS,
      config.durationS,
    );
    await go(
      'GET /user/conversations',
      {
        ...base,
        requests: [
          { method: 'GET', path: '/api/v1/user/conversations?limit=50', headers: bearer(me) },
        ],
      },
      config.warmupS,
      config.durationS,
    );
    await go(
      'POST /user/messages',
      {
        ...base,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/user/messages',
            headers: { ...bearer(me), 'content-type': 'application/json' },
            // A new uuid each time: a repeated one would be an idempotent no-op.
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                conversation_id: sendTo,
                uuid: randomUUID(),
                message: 'autocannon says hello',
              }),
            }),
          },
        ],
      },
      config.warmupS,
      config.durationS,
    );
    await go(
      'POST /login',
      {
        ...base,
        connections: config.loginConnections,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/login',
            headers: {
              'content-type': 'application/json',
              cookie: `XSRF-TOKEN=${csrf}`,
              'x-csrf-token': csrf,
            },
            body: JSON.stringify({ login: loginUser.login, password: BENCH_PASSWORD }),
          },
        ],
      },
      Math.min(config.warmupS, 1),
      config.loginDurationS,
    );
    await server.stop();

    const errors = results.reduce((n, r) => n + r.errors + r.non2xx, 0);
    const lost = results.reduce((n, r) => n + r.timeouts, 0);
    const rows: Row[] = [
      [
        'setup',
        `${config.connections} keep-alive connections (login ${config.loginConnections}), ${config.durationS} s each after ${config.warmupS} s warm-up; ${pinning.description}`,
      ],
      ...results.map((r): Row => [
        `${r.name}  req/s | p50/p95/p99/max ms`,
        `${round(r.perSecond)} | ${round(r.latency.p50, 1)} / ${round(r.latency.p95, 1)} / ${round(r.latency.p99, 1)} / ${round(r.latency.max, 1)}  (server ${round((100 * r.window.serverCpuS) / r.window.seconds)}% CPU)`,
      ]),
      ['errors (socket errors + non-2xx)', errors],
      ['lost (timeouts)', lost],
      ...windowRows(results.at(-2)?.window ?? (results[0] as Measured).window).map(
        ([k, v]): Row => [`${k} (send)`, v],
      ),
      ['verdict', errors + lost > 0 ? 'FAILED' : 'ok (no target in issue 6)'],
    ];
    printTable('http', rows);
    const worst = (pick: (l: LatencySummary) => number) =>
      round(
        Math.max(...results.filter((r) => r.name !== 'POST /login').map((r) => pick(r.latency))),
        2,
      );
    printJsonLine({
      scenario: 'http',
      date: new Date().toISOString(),
      node: process.version,
      pinning: pinning.description,
      connections: config.connections,
      duration_s: config.durationS,
      endpoints: Object.fromEntries(
        results.map((r) => [
          r.name,
          {
            requests: r.requests,
            per_s: round(r.perSecond),
            p50: round(r.latency.p50, 2),
            p95: round(r.latency.p95, 2),
            p99: round(r.latency.p99, 2),
            max: round(r.latency.max, 2),
            errors: r.errors + r.non2xx,
            lost: r.timeouts,
            ...windowJson(r.window),
          },
        ]),
      ),
      throughput_per_s: round(Math.min(...results.map((r) => r.perSecond))),
      latency_ms: { p50: worst((l) => l.p50), p95: worst((l) => l.p95), p99: worst((l) => l.p99) },
      errors,
      lost,
      server_rss_mib: round(Math.max(...results.map((r) => r.window.serverRssPeakMiB))),
      server_cpu_s: round(
        results.reduce((n, r) => n + r.window.serverCpuS, 0),
        2,
      ),
      disturbed: results.some((r) => r.window.disturbed),
    });
    return errors + lost > 0 ? 1 : 0;
  } finally {
    clearTimeout(watchdog);
    await server?.stop();
  }
}
