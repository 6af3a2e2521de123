import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../store/types';
import { logRoundFailure } from '../../store/unavailable';
import { fanOut } from './fanout';
import { claimJobs, claimOutbox, finishJobs, retryJob, storeJobs } from './queue';
import type { ClaimedJob } from './queue';
import type { PushSender, SendOutcome } from './sender';
import { deleteSubscriptionById, subscriptionsById } from './subscriptions';
import type { DeviceRow } from './subscriptions';

// The push worker, on every node: turns outbox rows into jobs (fanout.ts)
// and sends due jobs, each claimed by one node (queue.ts). It polls, and is
// also woken at once when this node adds to the outbox, so a push leaves
// within milliseconds of the send without the send waiting for it.

export interface PushStats {
  queued: number;
  sent: number;
  failed: number;
  expired: number;
  gone: number;
}

export interface WorkerOptions {
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  send: PushSender;
  /** Pushes sent at once by this node. */
  concurrency: number;
  /** First retry after this; doubled per attempt, capped at an hour. */
  backoffMs: number;
}

const MAX_BACKOFF_MS = 3_600_000;
const OUTBOX_BATCH = 20;

export function backoffDelay(attempts: number, baseMs: number, random = Math.random): number {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** attempts);
  // ±20 % jitter, so devices that failed together do not retry together.
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

export function createPushWorker(options: WorkerOptions) {
  const { db, now, log } = options;
  const stats: PushStats = { queued: 0, sent: 0, failed: 0, expired: 0, gone: 0 };

  async function fanOutRound(): Promise<number> {
    const rows = await claimOutbox(db, now(), OUTBOX_BATCH);
    for (const row of rows) {
      const at = now();
      const jobs = await fanOut(db, row.message_id, at);
      await storeJobs(db, jobs, at, row.id);
      stats.queued += jobs.length;
    }
    return rows.length;
  }

  /** Sends one job; returns true when the job is done (to be deleted with the round's others). */
  async function deliver(job: ClaimedJob, device: DeviceRow | undefined): Promise<boolean> {
    const at = now();
    if (Date.parse(job.expires_at) <= at.getTime()) {
      stats.expired++;
      return true;
    }
    if (!device) return true; // unsubscribed meanwhile (its jobs cascade anyway)
    const ttlLeft = Math.max(0, Math.floor((Date.parse(job.expires_at) - at.getTime()) / 1000));
    let outcome: SendOutcome;
    try {
      outcome = await options.send(device, {
        payload: job.payload,
        ttlSeconds: ttlLeft,
        topic: job.topic,
      });
    } catch (error) {
      // The sender returns its failures; a throw is a fault of ours, and retrying would repeat it.
      outcome = { result: 'drop', reason: `send threw: ${String(error)}` };
    }
    switch (outcome.result) {
      case 'sent':
        stats.sent++;
        return true;
      case 'gone':
        stats.gone++;
        // Deleting the subscription deletes its other jobs too (ON DELETE CASCADE).
        await deleteSubscriptionById(db, device.id);
        return true;
      case 'drop':
        stats.failed++;
        log.warn({ subscription: device.id, reason: outcome.reason }, 'push dropped');
        return true;
      case 'unusable':
        stats.failed++;
        log.warn({ subscription: device.id, reason: outcome.reason }, 'push subscription unusable');
        await deleteSubscriptionById(db, device.id);
        return true;
      case 'retry': {
        stats.failed++;
        const delay = outcome.retryAfterMs ?? backoffDelay(job.attempts, options.backoffMs);
        await retryJob(db, job.id, new Date(at.getTime() + delay));
        return false;
      }
    }
  }

  async function sendRound(): Promise<number> {
    const jobs = await claimJobs(db, now(), options.concurrency * 8);
    const devices = await subscriptionsById(
      db,
      jobs.map((j) => j.subscription_id),
    );
    const done: number[] = [];
    let next = 0;
    const lane = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) continue;
        try {
          if (await deliver(job, devices.get(job.subscription_id))) done.push(job.id);
        } catch (error) {
          // Only a write after an unsent push can throw here (retryJob, the
          // subscription's delete): the job keeps its claim and is tried
          // again when it lapses. The lane goes on with the next job.
          logRoundFailure(log, 'push job', error, { job: job.id });
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(options.concurrency, jobs.length) }, lane));
    } finally {
      // The jobs that were sent are finished whatever else happened in the
      // round: left claimed, they would be sent again once the claim lapses.
      await finishJobs(db, done);
    }
    return jobs.length;
  }

  let running: Promise<void> | null = null;
  let again = false;

  /** One pass until nothing is due; concurrent calls join the pass (and ask for one more). */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          let work = 1;
          while (work > 0) work = (await fanOutRound()) + (await sendRound());
        } while (again);
      } catch (error) {
        logRoundFailure(log, 'push round', error);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    stats,
    drain,
    start(pollMs: number) {
      timer = setInterval(() => void drain(), pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type PushWorker = ReturnType<typeof createPushWorker>;
