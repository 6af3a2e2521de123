import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

// A PostgreSQL server of the test's own — initdb into a temporary directory,
// pg_ctl on a free port of 127.0.0.1 — that the test may stop and start
// while nodes use it (the shared server on 5432 must never be stopped).
// initdb refuses to run as root: as root, every command runs as the
// `postgres` user (runuser), who owns the directory.

/** The newest installed server's bin directory (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], 'bin') : null;
}

function ids(user: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Why a throwaway instance cannot run here, or null when it can. */
export function throwawayUnavailable(): string | null {
  if (!postgresBinDir()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  if (process.getuid?.() === 0 && !ids('postgres'))
    return 'running as root without a postgres user';
  return null;
}

export interface ThrowawayPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): void;
  /** Fast shutdown: connections are terminated, as in a restart. */
  stop(): void;
  log(): string;
  destroy(): void;
}

export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const dir = mkdtempSync(join(tmpdir(), 'parley-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? ids('postgres') : null;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (tool: string, args: string[]) => {
    const command = join(bin, tool);
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    execFileSync(file, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // Only 127.0.0.1, and the Unix socket in the test's own directory.
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c max_connections=40',
  ].join(' ');
  let running = false;
  const instance: ThrowawayPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run('pg_ctl', ['start', '-D', data, '-l', logFile, '-w', '-t', '30', '-o', serverOptions]);
      running = true;
    },
    stop() {
      run('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w', '-t', '30']);
      running = false;
    },
    log() {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    destroy() {
      if (running) {
        try {
          run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '10']);
        } catch {
          // already down
        }
      }
      process.off('exit', onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const onExit = () => instance.destroy();
  process.once('exit', onExit);
  instance.start();
  return instance;
}
