import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AttachedFile } from '@parley/protocol/file';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../clock';
import type { EventTransaction } from '../../events/log';
import type { Database } from '../../store/types';
import type { ConversationsService } from '../conversations/service';
import type { FilesService } from '../files/service';
import type { MessagesService } from '../messages/service';
import type { BotAccounts } from './accounts';
import type { BotApiLimitersHandle } from './api-limits';
import type { BotRow } from './queries';
import type { BotRateLimiter } from './rate-limit';
import type { BotUpdates } from './updates';
import type { WebhookOptions, Webhooks } from './webhooks';

// What every Bot API method is handed: the services it acts through, and
// the call itself (the authenticated bot, its parameters, its uploads).

export interface BotApiDeps {
  db: Kysely<Database>;
  now: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  transaction: EventTransaction;
  accounts: BotAccounts;
  updates: BotUpdates;
  limiter: BotRateLimiter;
  /** Wrong tokens, chat actions and button presses (api-limits.ts). */
  apiLimits: BotApiLimitersHandle;
  messages: MessagesService;
  conversations: ConversationsService;
  files: FilesService;
  webhooks: Webhooks;
  webhookOptions: WebhookOptions;
  /** The upload limit for sendPhoto / sendDocument (as for people's uploads). */
  maxFileBytes: number;
}

export interface MethodCall {
  bot: BotRow;
  /** The query, the JSON or form body, multipart's text fields: one record. */
  params: Record<string, unknown>;
  /** Multipart uploads, by field name, already stored as the bot's uploads. */
  uploads: Map<string, AttachedFile>;
  /** Aborted when the bot's connection closes (ends a long poll). */
  signal: AbortSignal;
}

export type Method = (deps: BotApiDeps, call: MethodCall) => Promise<unknown>;
