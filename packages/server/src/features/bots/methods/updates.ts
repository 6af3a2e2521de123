import { z } from 'zod';
import { BotApiError, badRequest } from '../api-errors';
import type { Method } from '../context';
import { bool, int, json } from '../params';
import { PollConflict, UPDATE_TYPES } from '../updates';
import { webhookUrlProblem } from '../webhooks';

// getUpdates (long polling) and the webhook methods. As on Telegram, a bot
// uses one or the other: getUpdates is refused while a webhook is set.

const allowedUpdates = json(z.array(z.string())).optional();

const getUpdates = z.object({
  offset: int().default(0),
  limit: int().pipe(z.number().min(1).max(100)).default(100),
  timeout: int().pipe(z.number().min(0)).default(0),
  allowed_updates: allowedUpdates,
});

const setWebhook = z.object({
  url: z.string().max(2048).default(''),
  secret_token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, 'secret token contains unallowed characters')
    .optional(),
  allowed_updates: allowedUpdates,
  drop_pending_updates: bool().optional(),
  max_connections: int().optional(),
  ip_address: z.string().optional(),
});

/** Only the types Parley sends are kept (an unknown one is ignored, as Telegram does). */
const knownTypes = (list: string[] | undefined) =>
  list === undefined
    ? undefined
    : JSON.stringify(list.filter((t) => (UPDATE_TYPES as readonly string[]).includes(t)));

async function dropPending(deps: Parameters<Method>[0], botId: number) {
  await deps.db.deleteFrom('bot_updates').where('bot_id', '=', botId).execute();
}

export const updateMethods: Record<string, Method> = {
  async getUpdates(deps, call) {
    const p = getUpdates.parse(call.params);
    const bot = await deps.db
      .selectFrom('bots')
      .select('webhook_url')
      .where('user_id', '=', call.bot.id)
      .executeTakeFirst();
    if (bot?.webhook_url) {
      throw new BotApiError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    const allowed = knownTypes(p.allowed_updates);
    if (allowed !== undefined) {
      await deps.db
        .updateTable('bots')
        .set({ allowed_updates: allowed })
        .where('user_id', '=', call.bot.id)
        .execute();
    }
    try {
      return await deps.updates.poll(call.bot.id, p, call.signal);
    } catch (error) {
      if (error instanceof PollConflict) {
        throw new BotApiError(
          409,
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
        );
      }
      throw error;
    }
  },

  async setWebhook(deps, call) {
    const p = setWebhook.parse(call.params);
    if (p.url !== '') {
      const problem = webhookUrlProblem(p.url, deps.webhookOptions);
      if (problem) throw badRequest(`bad webhook: ${problem}`);
    }
    if (p.drop_pending_updates) await dropPending(deps, call.bot.id);
    const allowed = knownTypes(p.allowed_updates);
    await deps.db
      .updateTable('bots')
      .set({
        webhook_url: p.url === '' ? null : p.url,
        webhook_secret: p.url === '' ? null : (p.secret_token ?? null),
        last_error_at: null,
        last_error_message: null,
        ...(allowed !== undefined ? { allowed_updates: allowed } : {}),
      })
      .where('user_id', '=', call.bot.id)
      .execute();
    deps.accounts.forget(call.bot.id);
    if (p.url !== '') deps.webhooks.kick(call.bot.id);
    return true;
  },

  async deleteWebhook(deps, call) {
    const p = z.object({ drop_pending_updates: bool().optional() }).parse(call.params);
    if (p.drop_pending_updates) await dropPending(deps, call.bot.id);
    await deps.db
      .updateTable('bots')
      .set({ webhook_url: null, webhook_secret: null })
      .where('user_id', '=', call.bot.id)
      .execute();
    deps.accounts.forget(call.bot.id);
    return true;
  },

  async getWebhookInfo(deps, call) {
    const bot = await deps.db
      .selectFrom('bots')
      .select(['webhook_url', 'allowed_updates', 'last_error_at', 'last_error_message'])
      .where('user_id', '=', call.bot.id)
      .executeTakeFirstOrThrow();
    const pending = await deps.db
      .selectFrom('bot_updates')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('bot_id', '=', call.bot.id)
      .executeTakeFirstOrThrow();
    return {
      url: bot.webhook_url ?? '',
      has_custom_certificate: false,
      pending_update_count: Number(pending.n),
      max_connections: 1,
      ...(bot.allowed_updates
        ? { allowed_updates: JSON.parse(bot.allowed_updates) as unknown }
        : {}),
      ...(bot.webhook_url && bot.last_error_at
        ? {
            last_error_date: Math.floor(Date.parse(bot.last_error_at) / 1000),
            last_error_message: bot.last_error_message ?? '',
          }
        : {}),
    };
  },
};
