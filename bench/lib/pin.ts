import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

// CPU pinning: the server gets core 0 and the load generator core 1, so the
// two never steal each other's cycles and a figure measures the server alone.
// On a machine with one core (or without taskset) nothing is pinned and the
// report says so.

const PINNED_ENV = 'PARLEY_BENCH_PINNED';

function hasTaskset(): boolean {
  return spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
}

export interface Pinning {
  /** The prefix that starts the server on its own core, or [] when not pinned. */
  serverPrefix: string[];
  /** Human-readable, for the report. */
  description: string;
}

export function pinning(): Pinning {
  const pinned = process.env[PINNED_ENV] === '1';
  if (pinned)
    return { serverPrefix: ['taskset', '-c', '0'], description: 'server cpu0, load cpu1' };
  return { serverPrefix: [], description: 'not pinned' };
}

/**
 * Re-runs this process under `taskset -c 1` once and exits with its status.
 * Returns only in the pinned child, or when pinning is not possible.
 */
export function reexecPinned(): void {
  if (process.env[PINNED_ENV] !== undefined) return;
  if (process.platform !== 'linux' || availableParallelism() < 2 || !hasTaskset()) {
    process.env[PINNED_ENV] = '0';
    process.stderr.write('bench: not pinning (needs Linux, 2+ cores and taskset)\n');
    return;
  }
  const result = spawnSync(
    'taskset',
    ['-c', '1', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, [PINNED_ENV]: '1' } },
  );
  process.exit(result.status ?? 1);
}
