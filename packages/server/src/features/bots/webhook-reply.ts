import { botStopped } from './accounts';
import type { BotApiDeps, Method } from './context';
import { refuseNul } from './params';
import * as q from './queries';

// A webhook's reply may itself be a Bot API call: Telegram runs a 2xx
// reply's JSON body {"method": "...", ...params} as a call of that bot and
// drops its result (Telegraf answers answerCallbackQuery, deleteMessage and
// sendChatAction this way by default: webhookReply). It runs exactly as the
// HTTP call would (the same method: its access checks, limits and parameter
// validation); a refusal is logged and never fails the delivery.

/** Telegram's method names are case-insensitive; the HTTP router and the webhook reply share this. */
export function methodLookup(methods: Record<string, Method>): (name: string) => Method | null {
  const byName = new Map(Object.entries(methods).map(([name, fn]) => [name.toLowerCase(), fn]));
  return (name) => byName.get(name.toLowerCase()) ?? null;
}

/** The call a reply body holds, or null (empty, not JSON, no method: a plain acknowledgement). */
export function replyCall(
  body: string,
): { method: string; params: Record<string, unknown> } | null {
  if (!body.trimStart().startsWith('{')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { method, ...params } = parsed as Record<string, unknown>;
  return typeof method === 'string' && method !== '' ? { method, params } : null;
}

export function createWebhookReplies(deps: BotApiDeps, methods: Record<string, Method>) {
  const find = methodLookup(methods);
  return async (botId: number, body: string): Promise<void> => {
    const call = replyCall(body);
    if (!call) return;
    const method = find(call.method);
    try {
      // Read fresh, as authenticate() would: a revoked token or a stopped bot runs nothing.
      const bot = await q.botById(deps.db, botId);
      if (!bot?.token_hash || botStopped(bot)) return;
      // getUpdates is refused while a webhook is set anyway; a reply cannot upload files.
      if (!method) throw new Error('Not Found: method not found');
      refuseNul(call.params);
      await method(deps, {
        bot,
        params: call.params,
        uploads: new Map(),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      deps.log.info({ err: error, botId, method: call.method }, 'bots: webhook reply refused');
    }
  };
}
