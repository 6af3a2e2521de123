import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../clock';
import type { EventTransaction } from '../../events/log';
import type { Database } from '../../store/types';
import type { ConversationsService } from '../conversations/service';
import type { FilesService } from '../files/service';
import type { MessagesService } from '../messages/service';
import { createBotAccounts } from './accounts';
import { createBotApiLimiters, DEFAULT_BOT_API_LIMITS } from './api-limits';
import type { BotApiLimits } from './api-limits';
import { createCallbacks } from './callbacks';
import type { Callbacks } from './callbacks';
import type { BotApiDeps, Method } from './context';
import type { createBotHooks } from './hooks';
import { callbackMethods } from './methods/callbacks';
import { chatMethods } from './methods/chat';
import { fileMethods } from './methods/files';
import { messageMethods } from './methods/messages';
import { updateMethods } from './methods/updates';
import { createOfficialBot, OFFICIAL_BOT, OFFICIAL_COMMANDS } from './official-bot';
import * as q from './queries';
import { createBotRateLimiter, DEFAULT_BOT_RATE_LIMITS } from './rate-limit';
import type { BotRateLimits } from './rate-limit';
import type { BotUpdates } from './updates';
import { createWebhookReplies } from './webhook-reply';
import { createWebhooks, webhookOptions } from './webhooks';
import type { WebhookOptions } from './webhooks';

// Puts the bots feature together for app.ts: accounts, the Bot API's
// methods and their dependencies, webhook delivery, callbacks, and the
// official bot (created on first start, served in process).

/** Settings of the bots feature; tests open the webhook guard for 127.0.0.1 and loosen limits. */
export interface BotSettings {
  webhooks?: Partial<WebhookOptions>;
  rateLimits?: BotRateLimits;
  apiLimits?: Partial<BotApiLimits>;
}

export async function createBotsFeature(deps: {
  db: Kysely<Database>;
  now: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  transaction: EventTransaction;
  conversations: ConversationsService;
  messages: MessagesService;
  files: FilesService;
  updates: BotUpdates;
  hooks: ReturnType<typeof createBotHooks>;
  eraseUser: (id: number, at: string, trx: Kysely<Database>) => Promise<void>;
  maxFileBytes: number;
  settings: BotSettings | undefined;
}) {
  const accounts = createBotAccounts({ db: deps.db, now: deps.now, eraseUser: deps.eraseUser });
  const options = webhookOptions(deps.settings?.webhooks);
  // The reply runner needs the methods, built below; it is called only once deliveries start.
  const onReply = (botId: number, body: string) => runReply(botId, body);
  const webhooks = createWebhooks({ db: deps.db, now: deps.now, log: deps.log, options, onReply });
  const apiDeps: BotApiDeps = {
    db: deps.db,
    now: deps.now,
    bus: deps.bus,
    log: deps.log,
    transaction: deps.transaction,
    accounts,
    updates: deps.updates,
    limiter: createBotRateLimiter(deps.settings?.rateLimits ?? DEFAULT_BOT_RATE_LIMITS),
    apiLimits: createBotApiLimiters({ ...DEFAULT_BOT_API_LIMITS, ...deps.settings?.apiLimits }),
    messages: deps.messages,
    conversations: deps.conversations,
    files: deps.files,
    webhooks,
    webhookOptions: options,
    maxFileBytes: deps.maxFileBytes,
  };
  const callbacks: Callbacks = createCallbacks(apiDeps);
  const methods: Record<string, Method> = {
    ...chatMethods,
    ...messageMethods,
    ...fileMethods,
    ...updateMethods,
    ...callbackMethods(() => callbacks),
  };
  const runReply = createWebhookReplies(apiDeps, methods);

  // A person who took the name before this feature existed keeps it: then
  // there is no official bot (logged), and everything else works.
  const official = await accounts
    .ensureOfficial(OFFICIAL_BOT.name, OFFICIAL_BOT.username)
    .catch((error: unknown) => {
      deps.log.warn({ err: error }, `bots: @${OFFICIAL_BOT.username} is taken; no official bot`);
      return null;
    });
  if (official) {
    await q.updateBot(deps.db, official.id, { commands: JSON.stringify(OFFICIAL_COMMANDS) });
    deps.hooks.serveInProcess(
      createOfficialBot({
        id: official.id,
        accounts,
        messages: deps.messages,
        log: deps.log,
        localeOf: async (userId) =>
          (
            await deps.db
              .selectFrom('users')
              .select('locale')
              .where('id', '=', userId)
              .executeTakeFirst()
          )?.locale ?? null,
      }),
    );
  }
  webhooks.start();
  return { accounts, callbacks, apiDeps, methods, webhooks };
}
