import type { Kysely } from 'kysely';
import type { Bus } from '../../bus/bus';
import { channels } from '../../bus/bus';
import type { Clock } from '../../clock';
import { afterCommit } from '../../events/log';
import type { Database } from '../../store/types';
import { rowLimit } from '../../store/row-limit';

// Each bot's queue of Updates (bot_updates), filled inside the transaction
// that makes the change (a message, a press, a block), so an update exists
// exactly when its change committed. update_id grows by one per update and
// bot (bots.last_update_id). After the commit the bot's bus channel is
// told, which wakes its long polls (on whichever node they wait) and its
// webhook delivery (webhooks.ts).

export const UPDATE_TYPES = [
  'message',
  'edited_message',
  'callback_query',
  'my_chat_member',
] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];

/** Telegram's cap on one poll's wait; a longer timeout is cut to it. */
export const POLL_TIMEOUT_MAX_S = 50;

export interface Update {
  update_id: number;
  [type: string]: unknown;
}

/** A newer getUpdates of the same bot took over (Telegram answers the older one 409). */
export class PollConflict extends Error {
  override name = 'PollConflict';
}

function allowedBy(stored: string | null, type: UpdateType): boolean {
  if (stored === null) return true;
  try {
    const list: unknown = JSON.parse(stored);
    return !Array.isArray(list) || list.length === 0 || list.includes(type);
  } catch {
    return true;
  }
}

export function createBotUpdates(deps: {
  db: Kysely<Database>;
  now: Clock;
  bus: Bus;
  /** After the commit of an update for a bot that has a webhook (webhooks.ts delivers it). */
  onWebhookUpdate?: (botId: number) => void;
}) {
  const { db, bus } = deps;
  /** This node's poll of each bot, to end when a newer one starts. */
  const polling = new Map<number, () => void>();

  async function read(botId: number, offset: number, limit: number): Promise<Update[]> {
    const rows = await db
      .selectFrom('bot_updates')
      .select(['update_id', 'type', 'payload'])
      .where('bot_id', '=', botId)
      .where('update_id', '>=', offset)
      .orderBy('update_id')
      .limit(rowLimit(limit))
      .execute();
    return rows.map((r) => ({
      update_id: r.update_id,
      [r.type]: JSON.parse(r.payload) as unknown,
    }));
  }

  /** Forgets the updates an offset confirms (Telegram: ids below it; negative: all but the last -offset). */
  async function confirm(botId: number, offset: number): Promise<number> {
    if (offset >= 0) {
      if (offset > 0) {
        await db
          .deleteFrom('bot_updates')
          .where('bot_id', '=', botId)
          .where('update_id', '<', offset)
          .execute();
      }
      return offset;
    }
    const newest = await db
      .selectFrom('bots')
      .select('last_update_id')
      .where('user_id', '=', botId)
      .executeTakeFirst();
    const from = (newest?.last_update_id ?? 0) + offset + 1;
    return confirm(botId, Math.max(from, 0));
  }

  /** Resolves when the bot's channel is told of new updates, the time is up, or `signal` aborts. */
  function waiter(botId: number, ms: number, signal: AbortSignal | undefined) {
    const channel = channels.bot(botId);
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => finish(), ms);
      const onAbort = () => finish();
      finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        bus.unsubscribe(channel, handler);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    const handler = () => finish();
    return { ready: bus.subscribe(channel, handler), done, finish: () => finish() };
  }

  return {
    /** Appends an update inside `trx`; dropped when the bot's allowed_updates leave it out. */
    async enqueue(
      trx: Kysely<Database>,
      botId: number,
      type: UpdateType,
      payload: unknown,
    ): Promise<void> {
      const row = await trx
        .updateTable('bots')
        .set((eb) => ({ last_update_id: eb('last_update_id', '+', 1) }))
        .where('user_id', '=', botId)
        .returning(['last_update_id', 'allowed_updates', 'webhook_url'])
        .executeTakeFirst();
      if (!row || !allowedBy(row.allowed_updates, type)) return;
      await trx
        .insertInto('bot_updates')
        .values({
          bot_id: botId,
          update_id: row.last_update_id,
          type,
          payload: JSON.stringify(payload),
          created_at: deps.now().toISOString(),
        })
        .execute();
      const hooked = row.webhook_url !== null;
      afterCommit(trx, () => {
        if (hooked) deps.onWebhookUpdate?.(botId);
        else void bus.publish(channels.bot(botId), { kind: 'updates' });
      });
    },

    /**
     * getUpdates: confirms up to `offset`, then answers the pending updates,
     * waiting up to `timeout` seconds for one when there are none. A newer
     * poll of the same bot on this node ends this one with PollConflict.
     */
    async poll(
      botId: number,
      options: { offset: number; limit: number; timeout: number },
      signal?: AbortSignal,
    ): Promise<Update[]> {
      polling.get(botId)?.();
      const from = await confirm(botId, options.offset);
      const first = await read(botId, from, options.limit);
      const timeout = Math.min(options.timeout, POLL_TIMEOUT_MAX_S);
      if (first.length > 0 || timeout <= 0 || signal?.aborted) return first;
      // Listen before looking again, so an update committed in between still wakes us.
      const wait = waiter(botId, timeout * 1000, signal);
      let conflict = false;
      const takeOver = () => {
        conflict = true;
        wait.finish();
      };
      polling.set(botId, takeOver);
      try {
        await wait.ready;
        const again = await read(botId, from, options.limit);
        if (again.length > 0) return again;
        await wait.done;
        if (conflict) throw new PollConflict();
        return signal?.aborted ? [] : await read(botId, from, options.limit);
      } finally {
        wait.finish();
        if (polling.get(botId) === takeOver) polling.delete(botId);
      }
    },

    /** Polls waiting on this node now (the benchmark reads it). */
    waiting: () => polling.size,
  };
}

export type BotUpdates = ReturnType<typeof createBotUpdates>;
