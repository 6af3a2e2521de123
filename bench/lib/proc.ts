import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

// Resource use of another process, read from /proc (Linux only). CPU time is
// utime+stime of /proc/<pid>/stat in clock ticks; RSS is VmRSS of
// /proc/<pid>/status. Both cost a file read, so sampling a few times a second
// does not disturb the server.

let ticksPerSecond: number | null = null;

function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    } catch {
      ticksPerSecond = 100; // the Linux default on every common architecture
    }
    if (!Number.isFinite(ticksPerSecond) || ticksPerSecond <= 0) ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

/** User+system CPU seconds the process has used so far, or NaN without /proc. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; fields are counted after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after the name.
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return (utime + stime) / clockTicks();
  } catch {
    return NaN;
  }
}

/** Resident set size in MiB, or NaN without /proc. */
export function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * The process and all its descendants (children of every thread, recursively).
 * An Erlang VM (the ejabberd reference) forks helpers such as erl_child_setup;
 * a Node server has none, so for it this is just [pid].
 */
export function processTree(pid: number): number[] {
  const out: number[] = [];
  const visit = (p: number) => {
    out.push(p);
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      return; // gone meanwhile, or no /proc
    }
    for (const tid of tasks) {
      try {
        const children = readFileSync(`/proc/${p}/task/${tid}/children`, 'utf8').trim();
        for (const c of children.split(' ').filter(Boolean)) visit(Number(c));
      } catch {
        // the thread ended meanwhile
      }
    }
  };
  visit(pid);
  return out;
}

/** CPU seconds of the process and its descendants alive now (see processTree). */
export function treeCpuSeconds(pid: number): number {
  return processTree(pid).reduce((sum, p) => {
    const s = cpuSeconds(p);
    return p === pid || !Number.isNaN(s) ? sum + s : sum;
  }, 0);
}

/** RSS of the process and its descendants, MiB (shared pages counted in each). */
export function treeRssMiB(pid: number): number {
  return processTree(pid).reduce((sum, p) => {
    const r = rssMiB(p);
    return p === pid || !Number.isNaN(r) ? sum + r : sum;
  }, 0);
}

/** Samples RSS until stopped and keeps the peak: the end value alone can hide a spike. */
export function sampleRss(
  pid: number,
  everyMs: number,
  read: (pid: number) => number = rssMiB,
): { stop: () => number } {
  let peak = read(pid);
  const timer = setInterval(() => {
    const now = read(pid);
    if (now > peak || Number.isNaN(peak)) peak = now;
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      const now = read(pid);
      return Number.isNaN(peak) || now > peak ? now : peak;
    },
  };
}

export interface SystemCpu {
  busy: number;
  steal: number;
  total: number;
}

/**
 * CPU counters of one core (`cpu0`, `cpu1`) or of the machine (`cpu`) from
 * /proc/stat, to spot noisy neighbours on a pinned core and VM steal.
 */
export function systemCpu(name = 'cpu'): SystemCpu {
  try {
    const lines = readFileSync('/proc/stat', 'utf8').split('\n');
    const line = lines.find((l) => l.startsWith(`${name} `)) ?? '';
    const [, ...rest] = line.trim().split(/\s+/);
    const n = rest.map(Number);
    // user nice system idle iowait irq softirq steal. Interrupt time is left
    // out of `busy`: loopback networking runs in softirq, which is the
    // workload's own cost but is charged to no process.
    const busy = (n[0] ?? 0) + (n[1] ?? 0) + (n[2] ?? 0);
    const steal = n[7] ?? 0;
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy, steal, total };
  } catch {
    return { busy: NaN, steal: NaN, total: NaN };
  }
}

/** Pids of every process whose command name is `comm` (e.g. PostgreSQL's backends, `postgres`). */
export function pidsNamed(comm: string): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm;
        } catch {
          return false; // gone meanwhile
        }
      });
  } catch {
    return [];
  }
}

/**
 * CPU seconds used by processes named `comm` since this call, when asked:
 * the processes alive at either end are summed (a backend that came and went
 * between them is missed).
 */
export function cpuOfNamed(comm: string): { since: () => number } {
  const start = new Map(pidsNamed(comm).map((pid) => [pid, cpuSeconds(pid)]));
  return {
    since: () =>
      pidsNamed(comm).reduce((sum, pid) => {
        const now = cpuSeconds(pid);
        const before = start.get(pid) ?? 0;
        return Number.isNaN(now) ? sum : sum + now - (Number.isNaN(before) ? 0 : before);
      }, 0),
  };
}
