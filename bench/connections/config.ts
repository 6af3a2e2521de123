import type { ParsedArgs } from '../lib/args';
import { boolFlag, numberFlag } from '../lib/args';

// The connections scenario's knobs. Default: issue 6's 20,000 authenticated
// idle sockets. Each load-generator worker is its own process (its own
// open-files limit) with its own source address in 127.0.0.0/8 (its own
// 28,000 ephemeral ports).

export interface ConnectionsConfig {
  sockets: number;
  workers: number;
  /** Handshakes in flight per worker while connecting. */
  concurrency: number;
  /** Sockets opened and closed before measuring (JIT, pools, caches). */
  warmupSockets: number;
  /** Seconds all sockets are held idle after the last one connected. */
  holdS: number;
  /** Each socket sends an application `ping` this often while held (seconds). */
  pingEveryS: number;
  /** The server's open-files limit; unset: inherited from this shell. */
  serverNofile: number | undefined;
  targetKiB: number;
  /** Also measure the bare `ws` relay's RSS per socket, for the Parley ÷ relay ratio (issue 24). */
  relay: boolean;
  /** Parley ÷ relay RSS per socket at most (issue 24). */
  targetRatio: number;
  tiny: boolean;
}

const SOCKETS_PER_WORKER = 5_000;

const DEFAULTS: ConnectionsConfig = {
  sockets: 20_000,
  workers: 4,
  concurrency: 32,
  warmupSockets: 200,
  holdS: 35,
  pingEveryS: 30,
  serverNofile: undefined,
  targetKiB: 16,
  relay: true,
  targetRatio: 1.5,
  tiny: false,
};

const TINY: ConnectionsConfig = {
  ...DEFAULTS,
  sockets: 40,
  workers: 2,
  warmupSockets: 10,
  holdS: 2,
  pingEveryS: 1,
  tiny: true,
};

export function connectionsConfig(args: ParsedArgs): ConnectionsConfig {
  const base = boolFlag(args, 'tiny') ? TINY : DEFAULTS;
  const int = (name: string, fallback: number) => Math.floor(numberFlag(args, name, fallback));
  const sockets = int('sockets', base.sockets);
  const config: ConnectionsConfig = {
    ...base,
    sockets,
    workers: int('workers', Math.max(base.workers, Math.ceil(sockets / SOCKETS_PER_WORKER))),
    concurrency: int('concurrency', base.concurrency),
    warmupSockets: int('warmup-sockets', base.warmupSockets),
    holdS: numberFlag(args, 'hold', base.holdS),
    pingEveryS: numberFlag(args, 'ping-every', base.pingEveryS),
    serverNofile: args.flags.has('server-nofile') ? int('server-nofile', 0) : undefined,
    targetKiB: numberFlag(args, 'target-kib', base.targetKiB),
    relay: !boolFlag(args, 'no-relay'),
  };
  const problems: string[] = [];
  if (config.sockets < 1 || config.sockets > 100_000) problems.push('--sockets must be 1..100,000');
  if (config.workers < 1 || config.workers > 32) problems.push('--workers must be 1..32');
  if (config.sockets / config.workers > 18_000)
    problems.push('at most 18,000 sockets per worker (its open-files limit): raise --workers');
  if (config.concurrency < 1 || config.concurrency > 1000)
    problems.push('--concurrency must be 1..1000');
  if (config.holdS > 600) problems.push('--hold must be at most 600');
  if (config.pingEveryS <= 0 || config.pingEveryS > 300)
    problems.push('--ping-every must be in (0, 300]');
  if (config.serverNofile !== undefined && config.serverNofile < 64)
    problems.push('--server-nofile must be at least 64');
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return config;
}
