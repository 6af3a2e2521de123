import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

// Open files. Node raises its soft RLIMIT_NOFILE to the hard limit by itself
// at start (node.cc, PlatformInit), so there is nothing left to raise from
// here; the hard limit is the operator's (systemd LimitNOFILE=, ulimit -Hn).
// Every socket is a descriptor, and so are the database, Redis and files: a
// process that let sockets take the last ones would fail its own queries.
// So the listener admits at most `limit − open at start − reserve` sockets
// (net.Server.maxConnections: past it, Node accepts and closes at once, one
// accept per attempt, no loop) and, once it had to refuse, pauses — refuses
// everything — for `backoffMs`, so a reconnect storm cannot grab each freed
// descriptor the moment it frees. An EMFILE that still reaches accept (libuv
// answers most of them itself by accepting and closing with a spare
// descriptor) is logged the same way instead of crashing the process.
// Warnings are logged at most once per `warnEveryMs`, with the count refused.

export interface NofileLimit {
  soft: number;
  hard: number;
}

/** The open-files limit from /proc/self/limits; null where there is no /proc. */
export function readNofileLimit(): NofileLimit | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const match = line ? /Max open files\s+(\S+)\s+(\S+)/.exec(line) : null;
    if (!match?.[1] || !match[2]) return null;
    const value = (v: string) => (v === 'unlimited' ? Infinity : Number(v));
    return { soft: value(match[1]), hard: value(match[2]) };
  } catch {
    return null;
  }
}

/** Descriptors open now (without the one reading the directory); null without /proc. */
export function countOpenDescriptors(): number | null {
  try {
    return readdirSync('/proc/self/fd').length - 1;
  } catch {
    return null;
  }
}

export interface DescriptorGuardOptions {
  /** Descriptors kept for the database pool, Redis, uploads and static files (32). */
  reserve?: number;
  /** How long the listener refuses everything after a refusal (1 s). */
  backoffMs?: number;
  /** At most one warning per this period (10 s). */
  warnEveryMs?: number;
}

export interface DescriptorGuard {
  /** Sockets admitted at most (Infinity when the limit is unknown). */
  readonly maxSockets: number;
  stop(): void;
}

const OUT_OF_DESCRIPTORS = new Set(['EMFILE', 'ENFILE']);

export function guardDescriptors(
  server: Server,
  log: FastifyBaseLogger,
  options: DescriptorGuardOptions = {},
): DescriptorGuard {
  const reserve = options.reserve ?? 32;
  const backoffMs = options.backoffMs ?? 1000;
  const warnEveryMs = options.warnEveryMs ?? 10_000;
  const limit = readNofileLimit();
  const open = countOpenDescriptors();
  const maxSockets =
    limit && open !== null && Number.isFinite(limit.soft)
      ? Math.max(1, limit.soft - open - reserve)
      : Infinity;
  log.info({ nofile: limit, openAtStart: open, maxSockets }, 'open files: limit and socket cap');
  if (limit && limit.soft < 1024) {
    log.warn(
      { nofile: limit },
      'open files: the limit is low; raise LimitNOFILE (docs/OPERATIONS.md)',
    );
  }
  if (Number.isFinite(maxSockets)) server.maxConnections = maxSockets;

  let refused = 0;
  let lastWarn = -Infinity;
  let resume: NodeJS.Timeout | null = null;
  const refuse = (reason: string) => {
    refused += 1;
    const now = Date.now();
    if (now - lastWarn >= warnEveryMs) {
      log.warn(
        { refused, maxSockets, backoffMs, reason },
        'open files: out of sockets, refusing new connections and backing off',
      );
      refused = 0;
      lastWarn = now;
    }
    if (resume) return;
    // Paused: every new connection is accepted and closed until the timer restores the cap.
    server.maxConnections = 0;
    resume = setTimeout(() => {
      resume = null;
      server.maxConnections = maxSockets;
    }, backoffMs);
    resume.unref();
  };
  const onDrop = () => refuse('socket cap');
  const onError = (error: NodeJS.ErrnoException) => {
    if (error.code && OUT_OF_DESCRIPTORS.has(error.code)) refuse(error.code);
    else log.error({ err: error }, 'listener error');
  };
  server.on('drop', onDrop);
  server.on('error', onError);
  return {
    maxSockets,
    stop() {
      if (resume) clearTimeout(resume);
      server.off('drop', onDrop);
      server.off('error', onError);
    },
  };
}
