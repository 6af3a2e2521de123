import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sleep } from './pool';

// The bench side of `--sql-timing` (the server side is sql-timing-preload.ts):
// snapshots of the server's per-statement totals, and what the measured
// window spent in each statement.

/** The preload module, for the server's `--import`. */
export const SQL_TIMING_PRELOAD = fileURLToPath(
  new URL('./sql-timing-preload.ts', import.meta.url),
);

interface Snapshot {
  snapshot: number;
  statements: { sql: string; calls: number; ms: number }[];
}

export interface StatementCost {
  /** The SQL text, whitespace folded. */
  sql: string;
  calls: number;
  ms: number;
  usPerCall: number;
}

function read(file: string): Snapshot | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  } catch {
    return null; // not written yet
  }
}

/**
 * Asks the server (SIGUSR2) for its running totals and waits for them (up to
 * 2 s); null, with a line on stderr, when none came. Never rejects: it is
 * started at a window's edge and awaited only after the run.
 */
export async function takeSqlSnapshot(pid: number, file: string): Promise<Snapshot | null> {
  const before = read(file)?.snapshot ?? 0;
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 2000;
  for (;;) {
    const now = read(file);
    if (now && now.snapshot > before) return now;
    if (Date.now() > deadline) {
      process.stderr.write('bench: sql timing: the server wrote no snapshot\n');
      return null;
    }
    await sleep(5);
  }
}

/** Each statement's calls and time between two snapshots, the costliest first. */
export function sqlCostsBetween(start: Snapshot, end: Snapshot): StatementCost[] {
  const before = new Map(start.statements.map((s) => [s.sql, s]));
  return end.statements
    .map((s) => {
      const calls = s.calls - (before.get(s.sql)?.calls ?? 0);
      const ms = s.ms - (before.get(s.sql)?.ms ?? 0);
      return { sql: s.sql.replace(/\s+/g, ' ').trim(), calls, ms, usPerCall: (1000 * ms) / calls };
    })
    .filter((s) => s.calls > 0)
    .sort((a, b) => b.ms - a.ms);
}
