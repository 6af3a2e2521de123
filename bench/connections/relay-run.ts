import type { Pinning } from '../lib/pin';
import { sleep } from '../lib/pool';
import { rssMiB } from '../lib/proc';
import { startServer } from '../lib/server';
import { RELAY_SCRIPT } from '../fanout/relay';
import type { ConnectionsConfig } from './config';
import { closeWorkers, openOn, startWorker } from './workers';
import type { Worker } from './workers';

// The reference for the idle-socket row of issue 24: the same number of
// sockets, opened, held and measured the same way, on the bare `ws` relay
// (fanout/relay-server.mjs, which stores nothing and keeps no accounts: a
// `hello` token is a room id, here one room for all). What Parley's RSS per
// socket is divided by.

export interface RelaySockets {
  ready: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  kibPerSocket: number;
}

export async function relaySockets(
  config: ConnectionsConfig,
  pinning: Pinning,
): Promise<RelaySockets> {
  const relay = await startServer({
    prefix: pinning.serverPrefix,
    relayScript: RELAY_SCRIPT,
    ...(config.serverNofile !== undefined ? { nofile: config.serverNofile } : {}),
  });
  const workers: Worker[] = [];
  try {
    const tokens = (n: number) => Array.from({ length: n }, () => '1');
    if (config.warmupSockets > 0) {
      const w = startWorker();
      workers.push(w);
      await openOn([w], tokens(config.warmupSockets), relay.port, config.concurrency);
      await closeWorkers([w]);
      await sleep(1000);
    }
    const held: Worker[] = [];
    for (let i = 0; i < config.workers; i++) held.push(startWorker());
    workers.push(...held);
    await sleep(500);
    const rssBeforeMiB = rssMiB(relay.pid);
    const opened = await openOn(held, tokens(config.sockets), relay.port, config.concurrency);
    const ready = opened.reduce((n, o) => n + o.ready, 0);
    const done = held.map((w) => w.next('held'));
    for (const w of held) {
      w.send({
        type: 'hold',
        pingEveryMs: config.pingEveryS * 1000,
        durationMs: config.holdS * 1000,
      });
    }
    await Promise.all(done);
    const rssAfterMiB = rssMiB(relay.pid);
    await closeWorkers(held);
    return {
      ready,
      rssBeforeMiB,
      rssAfterMiB,
      kibPerSocket: ready > 0 ? ((rssAfterMiB - rssBeforeMiB) * 1024) / ready : NaN,
    };
  } finally {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    await relay.stop();
  }
}
