import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuSeconds, spawnServer } from './cluster/server-process';
import type { ServerProcess } from './cluster/server-process';

// Out of descriptors: a real server process under `prlimit --nofile=1024:1024`
// (not lower: tsx loads the server's modules with many files open at once).
// It caps its sockets below the limit (keeping descriptors for its own
// files), refuses the ones past the cap without spinning or crashing, logs
// one warning per period, and serves again once sockets close.

const LIMIT = 1024;
const BATCH = 100;
const KNOCK_WINDOW_MS = 1000;
const hasPrlimit = (() => {
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP connection, and whether the server closed it (refused) within `ms`:
 * answered at the close, so a generous `ms` costs nothing when refusals come
 * at once, and a loaded machine's slow close is not taken for an accept.
 */
function connectAndWatch(port: number, ms: number): Promise<{ socket: Socket; refused: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => resolve({ socket, refused: false }), ms);
    socket.on('error', () => undefined); // a reset is a refusal too; 'close' follows
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ socket, refused: true });
    });
  });
}

/** A TCP connection and a check whether the server has closed it (refused) by now. */
function watched(port: number): { socket: Socket; refused: () => boolean } {
  const socket = connect(port, '127.0.0.1');
  let closed = false;
  socket.on('error', () => (closed = true));
  socket.on('close', () => (closed = true));
  return { socket, refused: () => closed };
}

/** Resolves once the connection is up or gone (connected, refused or closed). */
const settled = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.readyState === 'open' || socket.destroyed) return resolve();
    socket.once('connect', () => resolve());
    socket.once('close', () => resolve());
  });

/** GET /ready on a new connection (fetch could reuse a kept-alive one); 0 when refused. */
const ready = (server: ServerProcess) =>
  new Promise<number>((resolve) => {
    const request = get(`${server.url}/api/v1/ready`, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });

describe.runIf(hasPrlimit || process.env.CI === 'true')('open-files limit (a real process)', () => {
  let dataDir: string;
  let server: ServerProcess;
  const held: Socket[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'parley-nofile-'));
    // Every socket comes from 127.0.0.1: the per-address cap (slowloris.test.ts) stays out of the way.
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'info', MAX_CONNECTIONS_PER_ADDRESS: '100000' };
    server = await spawnServer({ env, nofile: LIMIT });
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs its limit and caps its sockets below it', () => {
    const line = server.lines.find((l) => l.includes('open files: limit and socket cap'));
    const logged = JSON.parse(line ?? '{}') as { nofile?: unknown; maxSockets?: number };
    expect(logged.nofile).toEqual({ soft: LIMIT, hard: LIMIT });
    expect(logged.maxSockets).toBeGreaterThan(0);
    expect(logged.maxSockets).toBeLessThan(LIMIT - 32);
  });

  it('refuses sockets past the cap, backs off without spinning, and recovers', async () => {
    const warnings = () => server.lines.filter((l) => l.includes('open files: out of sockets'));
    // LIMIT connections, BATCH at a time; which ones the server refused is
    // read once at the end, 200 ms after the last (a refusal is an accept and
    // a close at once), rather than 200 ms after every batch.
    const attempts: ReturnType<typeof watched>[] = [];
    for (let i = 0; i < LIMIT; i += BATCH) {
      const batch = Array.from({ length: BATCH }, () => watched(server.port));
      await Promise.all(batch.map(({ socket }) => settled(socket)));
      attempts.push(...batch);
    }
    await sleep(200);
    let refused = 0;
    for (const attempt of attempts) {
      if (attempt.refused()) refused += 1;
      else held.push(attempt.socket);
    }
    expect(refused).toBeGreaterThan(0);
    expect(held.length).toBeGreaterThan(LIMIT / 2);
    expect(held.length).toBeLessThan(LIMIT - 32);

    // Refusing: alive, the CPU nearly idle while clients keep knocking. The
    // CPU time comes from /proc in 10 ms ticks, so it is read over at least
    // KNOCK_WINDOW_MS: over 20 quick refusals (a few ms) one tick read as
    // "5 cores busy", while a spinning server still reads near 1.
    const cpuBefore = cpuSeconds(server.pid);
    const started = Date.now();
    for (let i = 0; i < 20 || Date.now() - started < KNOCK_WINDOW_MS; i++) {
      const attempt = await connectAndWatch(server.port, 1000);
      expect(attempt.refused).toBe(true);
      attempt.socket.destroy();
      await sleep(10);
    }
    const busy = (cpuSeconds(server.pid) - cpuBefore) / ((Date.now() - started) / 1000);
    expect(server.alive()).toBe(true);
    expect(busy).toBeLessThan(0.3);
    expect(await ready(server)).toBe(0);
    // Dozens of refusals, one warning in the period.
    expect(warnings()).toHaveLength(1);

    for (const s of held.splice(0)) s.destroy();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await sleep(100);
      status = await ready(server);
    }
    expect(status).toBe(200);
    expect(server.alive()).toBe(true);
  });
});
