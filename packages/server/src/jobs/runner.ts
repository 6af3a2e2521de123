import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../store/types';
import { claimLease } from './locks';
import { logRoundFailure } from '../store/unavailable';

// Periodic background jobs. Each node ticks every job; the lease in
// job_locks (locks.ts) lets one node act per interval. A round that throws
// is logged and retried at the next tick; nothing here can crash the process.

export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}

export interface JobRunner {
  /** Runs one round of `job` now if this node wins the lease; true when it ran. */
  runOnce(job: Job): Promise<boolean>;
  start(job: Job): void;
  stop(): void;
}

export function createJobRunner(deps: {
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  nodeId?: string;
}): JobRunner {
  const nodeId = deps.nodeId ?? randomUUID();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<string>();

  const runOnce = async (job: Job): Promise<boolean> => {
    if (running.has(job.name)) return false; // the last round is still going
    running.add(job.name);
    try {
      // The lease ends a little before the next tick, so the next round can start on time.
      const lease = Math.max(1000, Math.floor(job.intervalMs * 0.9));
      if (!(await claimLease(deps.db, job.name, nodeId, deps.now(), lease))) return false;
      await job.run();
      return true;
    } catch (error) {
      logRoundFailure(deps.log, `job ${job.name}: round`, error, { job: job.name });
      return false;
    } finally {
      running.delete(job.name);
    }
  };

  return {
    runOnce,
    start(job) {
      const timer = setInterval(() => void runOnce(job), job.intervalMs);
      timer.unref();
      timers.add(timer);
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
    },
  };
}

/** What buildApp exposes of its jobs, so tests can run a round with their own clock. */
export interface AppJobs {
  inactivityRound: () => Promise<{ warned: number[]; deleted: number[] }>;
  runner: JobRunner;
  inactivity: Job;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: AppJobs;
  }
}
