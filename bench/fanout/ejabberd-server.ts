import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from '../lib/pool';
import type { RunningServer } from '../lib/server';
import { freePort, waitExit } from '../lib/server';
import { ejabberdConfig } from './ejabberd-config';

// The ejabberd reference (`fanout --ejabberd`): Debian's ejabberd package
// (`apt-get install ejabberd`, 23.01 on Debian 12), started by the bench as
// its own instance, never the system service: a config and a Mnesia
// directory in a new temporary directory, its own free port on 127.0.0.1,
// pinned with the same prefix as Parley and the relay. The VM is started the
// way the package's ejabberdctl does (`erl … -s ejabberd`, with its ERL_LIBS),
// but not as a distributed node: nothing listens but the one HTTP port and no
// epmd is started. `erl` execs into beam.smp, so the child's pid is the VM's.

const EJABBERDCTL = '/usr/sbin/ejabberdctl';

interface Install {
  erl: string;
  erlLibs: string;
}

/** Where the Debian package put the VM and ejabberd's libraries, read from its ejabberdctl. */
export function findEjabberd(): Install | undefined {
  if (!existsSync(EJABBERDCTL)) return undefined;
  const script = readFileSync(EJABBERDCTL, 'utf8');
  const erl = /^ERL="([^"]+)"/m.exec(script)?.[1];
  const erlLibs = /^ERL_LIBS='([^']+)'/m.exec(script)?.[1];
  if (!erl || !erlLibs || !existsSync(erl)) return undefined;
  return { erl, erlLibs };
}

export const EJABBERD_MISSING =
  "--ejabberd needs ejabberd installed from Debian's packages (apt-get install ejabberd; " +
  `${EJABBERDCTL} not found or incomplete). The bench starts its own instance; see bench/README.md.`;

async function ready(port: number, alive: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!alive()) throw new Error('ejabberd exited while starting');
    if (Date.now() > deadline) throw new Error('ejabberd not ready within 60 s');
    try {
      const reply = await fetch(`http://127.0.0.1:${port}/api/status`, {
        method: 'POST',
        body: '{}',
      });
      if (reply.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
}

export async function startEjabberd(prefix: string[]): Promise<RunningServer> {
  const install = findEjabberd();
  if (!install) throw new Error(EJABBERD_MISSING);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'parley-ejabberd-'));
  const config = join(dir, 'ejabberd.yml');
  writeFileSync(config, ejabberdConfig(port));
  mkdirSync(join(dir, 'mnesia'));
  // The flags and limits ejabberdctl passes (its ERL_PROCESSES, ERL_MAX_PORTS, ERL_MAX_ETS_TABLES).
  const argv = [
    ...prefix,
    install.erl,
    '-noshell',
    '-noinput',
    '+P',
    '250000',
    '-mnesia',
    'dir',
    JSON.stringify(join(dir, 'mnesia')),
    '-s',
    'ejabberd',
  ];
  const [command, ...rest] = argv;
  const child = spawn(command as string, rest, {
    cwd: dir,
    env: {
      ...process.env,
      HOME: dir,
      EJABBERD_CONFIG_PATH: config,
      EJABBERD_LOG_PATH: join(dir, 'ejabberd.log'),
      ERL_CRASH_DUMP: join(dir, 'erl_crash.dump'),
      ERL_LIBS: install.erlLibs,
      ERL_MAX_PORTS: '32000',
      ERL_MAX_ETS_TABLES: '1400',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logLines: string[] = [];
  let stopping = false;
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      // Shutdown notices (os_mon's "memsup: Erlang has closed") are not the run's warnings.
      if (logLines.length < 1000 && !stopping) logLines.push(line);
      process.stderr.write(`[ejabberd] ${line.slice(0, 500)}\n`);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM'); // the VM stops gracefully (init:stop) on SIGTERM
      if (!(await waitExit(child, 15_000))) {
        child.kill('SIGKILL');
        await waitExit(child, 2_000);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ready(port, () => child.exitCode === null && child.signalCode === null);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error('ejabberd has no pid');
  // Start-up notices (e.g. "mod_mam is recommended for mod_muc") are not the run's warnings.
  logLines.length = 0;
  return { pid: child.pid, port, dataDir: dir, logLines, stop };
}
