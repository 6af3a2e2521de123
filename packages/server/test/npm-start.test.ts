import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './cluster/server-process';

// `npm start` as an operator runs it, stopped the two ways they stop it:
// SIGTERM to the npm process (kill, a supervisor) and SIGINT to the whole
// process group (Ctrl-C in a terminal). The server must stop with it — it
// once kept running behind npm's `sh -c` — and a clean stop must not print
// error-level lines (npm's "npm error … signal SIGINT" block, or the
// server's own level ≥ 50 log lines).

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** A process group has no members left. */
function groupIsGone(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return false;
  } catch {
    return true;
  }
}

function errorLevelLines(lines: string[]): string[] {
  return lines.filter((line) => {
    if (/npm (error|ERR!)/i.test(line)) return true;
    if (!line.startsWith('{')) return false;
    const level = (JSON.parse(line) as { level?: number }).level ?? 0;
    return level >= 50;
  });
}

/**
 * The local addresses listening on a port, read from the kernel's table
 * (/proc/net/tcp, tcp6): no packet leaves this machine to find out.
 */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // state 0A is LISTEN
      .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A')
      .map((cols) => cols[1]!.split(':')[0]!),
  );
}

async function startAndStop(
  stop: (npmPid: number) => void,
  host: string | undefined = '127.0.0.1',
  extraEnv: Record<string, string> = {},
) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-npm-start-'));
  // detached: npm leads a process group of its own, as in a terminal.
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      ...(host === undefined ? {} : { HOST: host }),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
  });
  // Whole text, split at the end: a chunk may end mid-line.
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString('utf8'));
  npm.stdout.on('data', keep);
  npm.stderr.on('data', keep);
  const lines = () => output.split('\n').filter(Boolean);
  // 'close', not 'exit': every line the processes wrote has been read by then.
  const exited = new Promise<number | null>((resolve) =>
    npm.once('close', (code) => resolve(code)),
  );
  const pid = npm.pid!;
  try {
    // Up to a minute: a stale build is rebuilt first.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (npm.exitCode !== null || Date.now() > deadline) {
        throw new Error(`npm start did not get ready:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const listening = listeningAddresses(port);
    stop(pid);
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000)),
    ]);
    // Give an orphaned server the chance to show itself.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const portClosed = await portIsClosed(port);
    // A helper process of a build (esbuild's service) may take a moment to
    // follow its parent out; a server left behind never does.
    const groupGoneBy = Date.now() + 5000;
    while (!groupIsGone(pid) && Date.now() < groupGoneBy) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { code, lines: lines(), portClosed, groupGone: groupIsGone(pid), listening, port };
  } finally {
    if (!groupIsGone(pid)) process.kill(-pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The message of the JSON log line that starts with `prefix`, if any. */
function message(lines: string[], prefix: string): string | undefined {
  return lines
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '')
    .find((msg) => msg.startsWith(prefix));
}

describe('npm start with no HOST set', () => {
  it('listens on loopback only and says where to open it and what the first account becomes', async () => {
    const result = await startAndStop((pid) => process.kill(pid, 'SIGTERM'), undefined);
    // 0100007F is 127.0.0.1 in the kernel's byte order; 0.0.0.0 would be 00000000.
    expect(result.listening).toEqual(['0100007F']);
    expect(message(result.lines, 'Parley is ready'), result.lines.join('\n')).toBe(
      `Parley is ready at http://localhost:${result.port}: only this machine can reach it; ` +
        'set HOST=0.0.0.0 to open it to the network. The first account registered becomes the administrator.',
    );
    // .npmrc's build-from-source key made npm warn on every run (now .prebuild-installrc).
    expect(result.lines.filter((line) => /npm warn/i.test(line))).toEqual([]);
  }, 90_000);

  it('at a terminal (LOG_FORMAT=text) prints readable lines and no request lines at info', async () => {
    const result = await startAndStop((pid) => process.kill(pid, 'SIGTERM'), undefined, {
      LOG_FORMAT: 'text',
    });
    const server = result.lines.filter((line) => /^\d\d:\d\d:\d\d [A-Z]{4,5} /.test(line));
    expect(
      server.some((line) => line.includes('INFO  Parley is ready at http://localhost:')),
      result.lines.join('\n'),
    ).toBe(true);
    expect(server.some((line) => line.includes('INFO  stopped'))).toBe(true);
    // The readiness polls above were requests: none of them is a line here.
    expect(
      result.lines.filter((line) =>
        /\/api\/v1\/ready|request completed|incoming request|^\{/.test(line),
      ),
    ).toEqual([]);
  }, 90_000);
});

describe('stopping npm start', () => {
  it('SIGTERM to npm stops the server: port freed, no process left, exit 0, no error lines', async () => {
    const result = await startAndStop((pid) => process.kill(pid, 'SIGTERM'));
    expect(result.code, result.lines.join('\n')).toBe(0);
    expect(result.portClosed).toBe(true);
    expect(result.groupGone).toBe(true);
    expect(errorLevelLines(result.lines)).toEqual([]);
    expect(
      result.lines.some((line) => line.includes('"msg":"stopped"')),
      result.lines.join('\n'),
    ).toBe(true);
  }, 90_000);

  it('Ctrl-C (SIGINT to the process group) stops it the same way', async () => {
    const result = await startAndStop((pid) => process.kill(-pid, 'SIGINT'));
    expect(result.code, result.lines.join('\n')).toBe(0);
    expect(result.portClosed).toBe(true);
    expect(result.groupGone).toBe(true);
    expect(errorLevelLines(result.lines)).toEqual([]);
    expect(
      result.lines.some((line) => line.includes('"msg":"stopped"')),
      result.lines.join('\n'),
    ).toBe(true);
  }, 90_000);
});
