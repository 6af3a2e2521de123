import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { negotiateLocale } from '@parley/protocol/locales';
import { parsePushToken } from '@parley/protocol/push';
import type { Clock } from '../../clock';
import type { AppendedEvents, EventPublisher } from '../../events/log';
import { HttpError } from '../../http/http-error';
import type { Database } from '../../store/types';
import { logRoundFailure } from '../../store/unavailable';
import type { TaskAssigned } from '../tasks/context';
import { checkEndpoint, productionPushGuard } from './endpoint-guard';
import type { PushGuardOptions } from './endpoint-guard';
import { pushKeysProblem } from './keys';
import { addToOutbox, storeJobs, withPushRecipients } from './queue';
import type { createSender } from './sender';
import * as subscriptions from './subscriptions';
import { taskAssignmentJobs } from './task-push';
import { loadOrCreateVapidKeys } from './vapid';
import { createPushWorker } from './worker';

// Web Push, put together: the devices' registration (routes.ts), the hook
// that queues a push for each committed new message, and the worker that
// sends them (worker.ts). docs/PUSH.md tells the whole design.

export interface PushSettings {
  /** false: no push at all (nothing queued, no worker); the bench's baseline. */
  enabled: boolean;
  /** The VAPID contact (`sub`): a mailto: or https: URL. */
  subject: string;
  /** Outbound guard; tests allow their 127.0.0.1 receiver here. */
  guard: PushGuardOptions;
  /** The worker's poll interval; 0 = no timer (tests drain by hand). */
  pollMs: number;
  concurrency: number;
  backoffMs: number;
  timeoutMs: number;
}

export const DEFAULT_PUSH: Omit<PushSettings, 'subject'> = {
  enabled: true,
  guard: productionPushGuard,
  pollMs: 1000,
  concurrency: 32,
  backoffMs: 5000,
  timeoutMs: 10_000,
};

/** The VAPID contact: the site's https address, else a placeholder mailbox (set PUBLIC_URL). */
export function vapidSubject(publicUrl: string | null | undefined): string {
  return publicUrl?.startsWith('https://') ? publicUrl : 'mailto:push@parley.invalid';
}

/**
 * The sender, loaded at the first push (web-push and undici are several MiB
 * of heap, and a server whose users turned on no device never sends one).
 */
function lazySender(options: Parameters<typeof createSender>[0]) {
  let loaded: Promise<ReturnType<typeof createSender>> | null = null;
  const load = () => (loaded ??= import('./sender').then((m) => m.createSender(options)));
  return {
    send: async (...args: Parameters<ReturnType<typeof createSender>['send']>) =>
      (await load()).send(...args),
    // A sender that never loaded has nothing open.
    close: () =>
      loaded?.then(
        (sender) => sender.close(),
        () => undefined,
      ) ?? Promise.resolve(),
  };
}

const PUSH_ENDPOINT_TAKEN =
  'This push subscription is registered to another account; sign that account out on this device first';

/** How long a tab's "I am visible" lasts without being said again (the web repeats it each minute). */
export const VISIBLE_FOR_MS = 90_000;

export async function createPushService(deps: {
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  settings: PushSettings;
}) {
  const { db, now, log, settings } = deps;
  const vapid = await loadOrCreateVapidKeys(db, now());
  const sender = lazySender({
    vapid,
    subject: settings.subject,
    guard: settings.guard,
    timeoutMs: settings.timeoutMs,
  });
  const worker = createPushWorker({
    db,
    now,
    log,
    send: sender.send,
    concurrency: settings.concurrency,
    backoffMs: settings.backoffMs,
  });
  if (settings.enabled && settings.pollMs > 0) worker.start(settings.pollMs);

  /** Transactions that queued a push: their commit wakes the worker. */
  const outboxed = new WeakSet<AppendedEvents>();

  /** The new messages of a transaction's events. */
  const newMessages = (events: AppendedEvents) => {
    const ids: number[] = [];
    for (const row of events.conversation)
      if (row.type === 'message.new') ids.push(row.payload.message_id);
    return ids;
  };

  /** Waits for nothing the send left behind (the outbox is written in its transaction), then drains. */
  async function settle(): Promise<void> {
    await Promise.all(pendingAssignments);
    await worker.drain();
  }

  /** Task assignments being turned into jobs (settle waits for them). */
  const pendingAssignments = new Set<Promise<void>>();

  async function queueTaskAssignment(assigned: TaskAssigned): Promise<void> {
    try {
      const at = now();
      const jobs = await taskAssignmentJobs(db, assigned, at);
      if (jobs.length === 0) return;
      await storeJobs(db, jobs, at, null);
      worker.stats.queued += jobs.length;
      if (settings.pollMs > 0) void worker.drain();
    } catch (error) {
      logRoundFailure(log, 'push: task assignment', error);
    }
  }

  return {
    publicKey: vapid.publicKey,
    worker,
    settle,

    /** The publisher the app uses: realtime's, then this queue (never awaited by the send). */
    wrapPublisher<P extends EventPublisher>(inner: P): P {
      if (!settings.enabled) return inner;
      return {
        ...inner,
        // One outbox row per new message someone may be pushed about, in the
        // send's own transaction: an INSERT that shares its COMMIT (no second
        // write, nothing lost).
        async beforeCommit(trx: Kysely<Database>, events: AppendedEvents) {
          await inner.beforeCommit?.(trx, events);
          const queued = await withPushRecipients(trx, newMessages(events));
          await addToOutbox(trx, queued, now());
          if (queued.length > 0) outboxed.add(events);
        },
        // After the commit: wake this node's worker; the send does not wait for it.
        async published(events: AppendedEvents) {
          if (settings.pollMs > 0 && outboxed.delete(events)) void worker.drain();
          await inner.published(events);
        },
      };
    },

    async register(
      owner: { userId: number; sessionId: number; acceptLanguage: string | undefined },
      token: string,
    ): Promise<void> {
      const subscription = parsePushToken(token);
      if (!subscription)
        throw new HttpError(422, 'token is not a push subscription', {
          token: ['token is not a push subscription'],
        });
      // Keys no push can be encrypted for would fail every push to the device.
      const problem = pushKeysProblem(subscription.keys);
      if (problem) throw new HttpError(422, problem, { token: [problem] });
      try {
        await checkEndpoint(
          subscription.endpoint,
          settings.guard,
          AbortSignal.timeout(settings.timeoutMs),
        );
      } catch {
        throw new HttpError(422, 'This push endpoint is not allowed', {
          token: ['This push endpoint is not allowed'],
        });
      }
      const locale = negotiateLocale(owner.acceptLanguage);
      const saved = await subscriptions.saveSubscription(
        db,
        { ...owner, locale },
        subscription,
        now().toISOString(),
      );
      // Another account's device (subscriptions.ts): it is not moved.
      if (!saved) throw new HttpError(403, PUSH_ENDPOINT_TAKEN, { token: [PUSH_ENDPOINT_TAKEN] });
    },

    /** Disabling on a device; a token that is not one (or not the caller's) changes nothing. */
    async unregister(userId: number, token: string): Promise<void> {
      const subscription = parsePushToken(token);
      if (subscription) await subscriptions.deleteSubscription(db, userId, subscription.endpoint);
    },

    /** POST /logout: the firebase_token's device, and every device of the ending session. */
    forgetOnLogout: async (userId: number, sessionId: number, token: string | null) => {
      const subscription = token ? parsePushToken(token) : null;
      if (subscription) await subscriptions.deleteSubscription(db, userId, subscription.endpoint);
      await subscriptions.deleteSessionSubscriptions(db, sessionId);
    },

    /** A socket of the session says a tab is visible (or not any more). */
    visibility: async (sessionId: number, visible: boolean): Promise<void> => {
      const until = visible ? new Date(now().getTime() + VISIBLE_FOR_MS).toISOString() : null;
      await subscriptions.setSessionVisibility(db, sessionId, until);
    },

    /**
     * Newly assigned task members (the tasks feature's hook, after its
     * commit): their devices that are not on screen, by the rules of
     * rules.ts's taskPushPayload. Never throws: a failure is logged.
     */
    taskAssigned(assigned: TaskAssigned): Promise<void> {
      if (!settings.enabled) return Promise.resolve();
      const job = queueTaskAssignment(assigned).finally(() => pendingAssignments.delete(job));
      pendingAssignments.add(job);
      return job;
    },

    close: async () => {
      await worker.stop();
      await sender.close();
    },
  };
}

export type PushService = Awaited<ReturnType<typeof createPushService>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests drain the push queue by hand (worker.drain) and read its stats. */
    push: PushService;
  }
}
