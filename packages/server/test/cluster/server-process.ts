import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// The server as a process of its own, configured by environment only, run
// from its sources (`node --import tsx src/main.ts`; production runs the same
// code bundled, dist/main.js, so no build step is needed here) — for the tests that
// need a real process: the nginx cluster (SIGKILL) and the descriptor limit
// (prlimit). Every child is killed when the test process exits, even after a
// failure or a timeout.

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Sign-ups and sign-ins from one test address would hit the production limits. */
export const HIGH_RATE_LIMITS = {
  RATE_LIMIT_LOGIN_IP_MAX: '100000',
  RATE_LIMIT_LOGIN_ACCOUNT_MAX: '100000',
  RATE_LIMIT_REGISTER_IP_MAX: '100000',
  RATE_LIMIT_REFRESH_IP_MAX: '100000',
  RATE_LIMIT_SEND_USER_MAX: '100000',
  RATE_LIMIT_UPLOAD_USER_MAX: '100000',
  RATE_LIMIT_TYPING_MAX: '100000',
  MAX_SOCKETS_PER_USER: '100000',
  MAX_CONNECTIONS_PER_ADDRESS: '100000',
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  pid: number;
  port: number;
  url: string;
  /** Every line the process wrote, stdout and stderr. */
  lines: string[];
  exited: Promise<void>;
  alive(): boolean;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface SpawnOptions {
  /** Variables on top of PORT, HOST=127.0.0.1, LOG_LEVEL=warn and NODE_ENV=production. */
  env: Record<string, string>;
  /** Runs the server under `prlimit --nofile=N:N` (soft and hard). */
  nofile?: number;
  readyWithinMs?: number;
  /** Filled with the process's lines as they come, also before it is ready. */
  lines?: string[];
}

export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const port = await freePort();
  const node = [process.execPath, '--import', 'tsx', 'src/main.ts'];
  const argv = options.nofile ? ['prlimit', `--nofile=${options.nofile}`, ...node] : node;
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  Object.assign(env, { NODE_ENV: 'production' }, options.env);
  const [command, ...args] = argv as [string, ...string[]];
  // prlimit execs the command: the child's pid is the server's.
  const child = spawn(command, args, { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const lines: string[] = options.lines ?? [];
  const keep = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => children.delete(child));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const kill = async (signal: NodeJS.Signals) => {
    if (alive()) child.kill(signal);
    await exited;
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyWithinMs ?? 30_000);
  for (;;) {
    if (!alive()) throw new Error(`server exited before ready:\n${lines.join('\n')}`);
    if (Date.now() > deadline) {
      await kill('SIGKILL');
      throw new Error(`server not ready in time:\n${lines.join('\n')}`);
    }
    const ok = await fetch(`${url}/api/v1/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.pid === undefined) throw new Error('no pid');
  return { pid: child.pid, port, url, lines, exited, alive, kill };
}

/** utime + stime of a process in seconds (Linux /proc; 100 ticks a second). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
