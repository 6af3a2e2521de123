import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../store/types';
import { logRoundFailure } from '../../store/unavailable';
import { guardedPostJson } from '../link-previews/guarded-fetch';
import type { GuardOptions } from '../link-previews/guarded-fetch';
import { systemResolver } from '../link-previews/resolver';
import { checkUrl } from '../link-previews/url-policy';
import { rowLimit } from '../../store/row-limit';
import { botStopped } from './accounts';
import * as q from './queries';
import { listedEndpoint } from './webhook-origins';

// Webhook delivery: a bot with a webhook gets each Update POSTed to its URL
// (as JSON, with X-Telegram-Bot-Api-Secret-Token when it set one), in
// update_id order. A failed delivery (no 2xx, refused, too slow) is tried
// again after a back-off that doubles up to retryMaxMs; after maxAttempts
// the update is dropped and the error kept for getWebhookInfo. The URL goes
// through the link previews' address guard: public addresses only, default
// ports only; tests open it for their own 127.0.0.1 port (`allow`), and an
// operator for exact origins (`origins`, BOT_WEBHOOK_ALLOWED_ORIGINS).
// Several nodes may try the same bot: a lease on the update row
// (next_attempt_at) lets one of them deliver it.

export interface WebhookOptions extends GuardOptions {
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /** How often due retries (and other nodes' updates) are looked for. */
  sweepMs: number;
  /** The most of a webhook's reply read for a call in it (webhook-reply.ts). */
  maxBytes: number;
  /** Operator-listed origins (webhook-origins.ts); webhook URLs on exactly these may be HTTP, loopback or private. */
  origins: readonly string[];
}

export function webhookOptions(overrides: Partial<WebhookOptions> = {}): WebhookOptions {
  return {
    resolver: systemResolver,
    allow: [],
    onlyAllowed: false,
    userAgent: 'ParleyBotApi/1.0 (webhook)',
    timeoutMs: 10_000,
    retryBaseMs: 1_000,
    retryMaxMs: 60_000,
    maxAttempts: 10,
    sweepMs: 1_000,
    maxBytes: 1024 * 1024,
    origins: [],
    ...overrides,
  };
}

/** The URL a bot may set, or the reason it may not (Telegram: "bad webhook: …"). */
export function webhookUrlProblem(raw: string, options: WebhookOptions): string | null {
  try {
    const target = checkUrl(raw, guardFor(raw, options));
    const listed = listedEndpoint(raw, options.origins) !== null;
    const allowed = listed || options.allow.some((e) => e.port === target.port);
    if (target.url.protocol !== 'https:' && !allowed)
      return 'An HTTPS URL must be provided for webhook';
    return null;
  } catch {
    return 'Webhook can be set up only on a public address, port 80 or 443';
  }
}

/** The guard for one webhook URL: a listed origin lets its own endpoint through, for that URL only. */
function guardFor(raw: string, options: WebhookOptions): WebhookOptions {
  const endpoint = listedEndpoint(raw, options.origins);
  return endpoint ? { ...options, allow: [...options.allow, endpoint] } : options;
}

export function createWebhooks(deps: {
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  options: WebhookOptions;
  /** Runs a 2xx reply's body as the bot's call, when it holds one (never throws). */
  onReply: (botId: number, body: string) => Promise<void>;
}) {
  const { db, options } = deps;
  /** Bots being delivered on this node, and whether a kick came meanwhile. */
  const running = new Map<number, boolean>();
  let timer: NodeJS.Timeout | null = null;

  const later = (ms: number) => new Date(deps.now().getTime() + ms).toISOString();

  async function deliverOne(botId: number): Promise<'sent' | 'none' | 'failed'> {
    const bot = await q.botById(db, botId);
    if (!bot?.webhook_url) return 'none';
    const head = await db
      .selectFrom('bot_updates')
      .selectAll()
      .where('bot_id', '=', botId)
      .orderBy('update_id')
      .limit(rowLimit(1))
      .executeTakeFirst();
    const at = deps.now().toISOString();
    if (!head || (head.next_attempt_at !== null && head.next_attempt_at > at)) return 'none';
    const claimed = await db
      .updateTable('bot_updates')
      .set({ next_attempt_at: later(options.timeoutMs + 5_000) })
      .where('bot_id', '=', botId)
      .where('update_id', '=', head.update_id)
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', at)]))
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) return 'none';
    // A stopped bot (owner disabled or deleted) is sent nothing; its updates
    // wait, looked at again only after the longest back-off.
    if (botStopped(bot)) {
      await db
        .updateTable('bot_updates')
        .set({ next_attempt_at: later(options.retryMaxMs) })
        .where('bot_id', '=', botId)
        .where('update_id', '=', head.update_id)
        .execute();
      return 'failed';
    }
    const body = JSON.stringify({
      update_id: head.update_id,
      [head.type]: JSON.parse(head.payload),
    });
    const headers: Record<string, string> = bot.webhook_secret
      ? { 'x-telegram-bot-api-secret-token': bot.webhook_secret }
      : {};
    let problem: string | null = null;
    let reply = '';
    try {
      const answer = await guardedPostJson(
        bot.webhook_url,
        body,
        headers,
        options,
        guardFor(bot.webhook_url, options),
      );
      reply = answer.body;
      if (answer.status < 200 || answer.status > 299) {
        problem = `Wrong response from the webhook: ${answer.status}`;
      }
    } catch (error) {
      problem = `Connection failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (problem === null) {
      await db
        .deleteFrom('bot_updates')
        .where('bot_id', '=', botId)
        .where('update_id', '=', head.update_id)
        .execute();
      await deps.onReply(botId, reply);
      return 'sent';
    }
    const attempts = head.attempts + 1;
    const now = deps.now().toISOString();
    await db
      .updateTable('bots')
      .set({ last_error_at: now, last_error_message: problem })
      .where('user_id', '=', botId)
      .execute();
    const retry = db.updateTable('bot_updates').where('bot_id', '=', botId);
    if (attempts >= options.maxAttempts) {
      await db
        .deleteFrom('bot_updates')
        .where('bot_id', '=', botId)
        .where('update_id', '=', head.update_id)
        .execute();
      return 'sent';
    }
    const backoff = Math.min(options.retryBaseMs * 2 ** (attempts - 1), options.retryMaxMs);
    await retry
      .set({ attempts, next_attempt_at: later(backoff) })
      .where('update_id', '=', head.update_id)
      .execute();
    return 'failed';
  }

  async function run(botId: number): Promise<void> {
    running.set(botId, false);
    try {
      for (;;) {
        const result = await deliverOne(botId);
        if (result === 'sent') continue;
        if (running.get(botId) === true && result === 'none') {
          running.set(botId, false);
          continue;
        }
        break;
      }
    } catch (error) {
      logRoundFailure(deps.log, 'bots: webhook delivery', error, { botId });
    } finally {
      running.delete(botId);
    }
  }

  /** Deliver what the bot has pending now (one loop per bot and node). */
  function kick(botId: number): void {
    if (running.has(botId)) {
      running.set(botId, true);
      return;
    }
    void run(botId);
  }

  async function sweep(): Promise<void> {
    const at = deps.now().toISOString();
    const due = await db
      .selectFrom('bot_updates as u')
      .innerJoin('bots as b', 'b.user_id', 'u.bot_id')
      .select('u.bot_id')
      .distinct()
      .where('b.webhook_url', 'is not', null)
      .where((eb) =>
        eb.or([eb('u.next_attempt_at', 'is', null), eb('u.next_attempt_at', '<=', at)]),
      )
      .limit(rowLimit(100))
      .execute();
    for (const row of due) kick(row.bot_id);
  }

  return {
    kick,
    start(): void {
      timer ??= setInterval(() => {
        sweep().catch((error: unknown) => logRoundFailure(deps.log, 'bots: webhook sweep', error));
      }, options.sweepMs);
      timer.unref();
    },
    /** Stops the sweep and waits for this node's deliveries in flight. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      while (running.size > 0) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
