import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ApiClient } from './http';
import { sleep } from './pool';
import { SQL_TIMING_PRELOAD } from './sql-timing';

// The server under test runs as a child process, exactly as in production
// (`npm start`: the compiled `node packages/server/dist/main.js`, built first
// when its sources are newer; BENCH_SERVER_SOURCE=1 runs the TypeScript
// source under tsx instead, for a before/after), on a fresh SQLite data
// directory so every run starts from an empty database, listening on
// 127.0.0.1 only. Rate limits are raised: seeding registers hundreds of users
// from one address, which the production limits rightly refuse.

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

const HIGH_LIMIT = '1000000';

export interface ServerOptions {
  /** Command prefix that pins the server, e.g. ['taskset', '-c', '0']. */
  prefix: string[];
  /** Write a V8 CPU profile into this directory when the server exits. */
  cpuProfDir?: string;
  logLevel?: string;
  /** A pre-seeded SQLite directory to serve (kept on stop; its owner removes it). */
  dataDir?: string;
  /** Serve this PostgreSQL database instead of SQLite (a throwaway one the scenario made). */
  databaseUrl?: string;
  /** Extra environment, e.g. a scenario's own limits. */
  env?: Record<string, string>;
  /** Time every SQLite statement (lib/sql-timing-preload.ts); snapshots go to this file. */
  sqlTimingFile?: string;
  /** Start the server with this open-files limit (`ulimit -n` in a shell, at most the hard limit). */
  nofile?: number;
  /** Run this bare-Node script (`node <script> <port>`) instead of Parley: the fanout relay reference. */
  relayScript?: string;
}

export interface RunningServer {
  pid: number;
  port: number;
  dataDir: string;
  /** Lines the server wrote at warn or above (LOG_LEVEL=warn): a clean run has none. */
  logLines: string[];
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/** The release build of the server, as `npm start` makes it (scripts/build.mjs). */
async function ensureServerBuilt(): Promise<void> {
  const build = (await import(pathToFileURL(join(REPO_ROOT, 'scripts/build.mjs')).href)) as {
    ensureBuilt: (names: string[]) => Promise<void>;
  };
  await build.ensureBuilt(['server']);
}

/**
 * The node flags of package.json's start script (`exec node <flags>
 * scripts/start.mjs`): V8 takes them only on the command line, so the bench
 * reads them from there rather than keeping a copy. BENCH_SERVER_NODE_ARGS,
 * added after them, overrides one (V8 takes the last), for an A/B.
 */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  const words = (pkg.scripts?.start ?? '').split(/\s+/);
  return words.slice(words.indexOf('node') + 1).filter((word) => word.startsWith('--'));
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'parley-bench-'));
  const fromSource = process.env.BENCH_SERVER_SOURCE === '1';
  if (!options.relayScript && !fromSource) await ensureServerBuilt();
  // The heap flags `npm start` gives node (package.json), so a run measures what production runs.
  const nodeArgs = [...startFlags(), ...(fromSource ? ['--import', 'tsx'] : [])];
  if (options.cpuProfDir) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', options.cpuProfDir);
  // The preload is TypeScript: the compiled server needs tsx's loader for it.
  if (options.sqlTimingFile) {
    if (!fromSource) nodeArgs.push('--import', 'tsx');
    nodeArgs.push('--import', SQL_TIMING_PRELOAD);
  }
  // Extra V8 flags for the server only (e.g. --trace-gc), which NODE_OPTIONS refuses.
  nodeArgs.push(...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean));
  let argv = options.relayScript
    ? [...options.prefix, process.execPath, options.relayScript, String(port)]
    : [
        ...options.prefix,
        process.execPath,
        ...nodeArgs,
        fromSource ? 'packages/server/src/main.ts' : 'packages/server/dist/main.js',
      ];
  if (options.nofile !== undefined) {
    // `exec` keeps the pid the server's own, so /proc readings and signals reach it.
    const quoted = argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    argv = ['sh', '-c', `ulimit -n ${Math.floor(options.nofile)} && exec ${quoted}`];
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? 'warn',
    NODE_ENV: 'production',
    RATE_LIMIT_LOGIN_IP_MAX: HIGH_LIMIT,
    RATE_LIMIT_LOGIN_ACCOUNT_MAX: HIGH_LIMIT,
    RATE_LIMIT_REGISTER_IP_MAX: HIGH_LIMIT,
    RATE_LIMIT_REFRESH_IP_MAX: HIGH_LIMIT,
    RATE_LIMIT_SEARCH_USER_MAX: HIGH_LIMIT,
    // The benches send, upload and connect far faster than a person, from one address.
    RATE_LIMIT_SEND_USER_MAX: HIGH_LIMIT,
    RATE_LIMIT_UPLOAD_USER_MAX: HIGH_LIMIT,
    RATE_LIMIT_TYPING_MAX: HIGH_LIMIT,
    MAX_SOCKETS_PER_USER: HIGH_LIMIT,
    MAX_CONNECTIONS_PER_ADDRESS: HIGH_LIMIT,
    UPLOAD_QUOTA_MB: HIGH_LIMIT,
  };
  // A run must not reach a database or Redis named in the caller's shell.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PUBLIC_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.sqlTimingFile) env.BENCH_SQL_TIMING_FILE = options.sqlTimingFile;
  Object.assign(env, options.env ?? {});

  const [command, ...rest] = argv;
  const child = spawn(command as string, rest, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logLines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      if (logLines.length < 1000) logLines.push(line);
      process.stderr.write(`[server] ${line.slice(0, 500)}\n`);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM'); // graceful: lets --cpu-prof write its file
      if (!(await waitExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitExit(child, 2_000);
      }
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  // Poll readiness: migrations run before listen, so /ready answering means usable.
  const client = new ApiClient(port, 1);
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('server not ready within 30 s');
      try {
        const reply = await client.request('GET', '/ready');
        if (reply.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.close();
  }
  if (child.pid === undefined) throw new Error('server has no pid');
  return { pid: child.pid, port, dataDir, logLines, stop };
}

/**
 * The main thread's .cpuprofile in a directory. Node names them
 * CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile, and `--import tsx` (with
 * BENCH_SERVER_SOURCE=1) adds a loader thread with its own, nearly idle,
 * profile: thread 0 is the one wanted.
 */
export function mainThreadProfile(dir: string): string | undefined {
  const files = readdirSync(dir)
    .filter((f) => /\.0\.\d+\.cpuprofile$/.test(f))
    .sort();
  const last = files[files.length - 1];
  return last ? join(dir, last) : undefined;
}
