import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './server-process';

// A redis-server of the test's own on a free port of 127.0.0.1, with nothing
// saved to disk, that the test stops and starts again on the same port
// while nodes use it (the shared Redis on 6379 must never be stopped).

export function redisServerBinary(): string | null {
  for (const path of ['/usr/bin/redis-server', 'redis-server']) {
    try {
      execFileSync(path, ['--version'], { stdio: 'ignore' });
      return path;
    } catch {
      // not there
    }
  }
  return null;
}

export interface ThrowawayRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function createThrowawayRedis(binary: string): Promise<ThrowawayRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const kill = () => child?.kill('SIGKILL');
  process.once('exit', kill);
  const instance: ThrowawayRedis = {
    url,
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly'];
      child = spawn(binary, [...args, 'no'], { stdio: 'ignore' });
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
      probe.on('error', () => {});
      const deadline = Date.now() + 10_000;
      for (;;) {
        const up = await probe.connect().then(
          () => true,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline) throw new Error('redis-server did not start');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      probe.disconnect();
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL'); // as a crash or a host restart: no goodbye to the clients
      await exited;
      child = null;
    },
  };
  await instance.start();
  return instance;
}
