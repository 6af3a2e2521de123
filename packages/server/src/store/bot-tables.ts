import type { ColumnType } from 'kysely';
import type { Timestamp } from './types';

// Kysely types of the bot tables (0014-bots, docs/BOTS.md). A bot is also a
// user row (`users.is_bot`).

/** A bot's own settings (0014-bots); the bot is the user row `user_id`. */
export interface BotsTable {
  user_id: number;
  description: string | null;
  token_hash: string | null;
  token_issued_at: Timestamp | null;
  commands: ColumnType<string, string | undefined, string>;
  webhook_url: string | null;
  webhook_secret: string | null;
  allowed_updates: string | null;
  last_update_id: ColumnType<number, number | undefined, number>;
  last_error_at: Timestamp | null;
  last_error_message: string | null;
  created_at: Timestamp;
}

/** One pending Update of a bot (0014-bots). */
export interface BotUpdatesTable {
  bot_id: number;
  update_id: number;
  type: string;
  payload: string;
  created_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp | null;
}

/** A press of an inline button (0014-bots); `id` is the CallbackQuery's id. */
export interface BotCallbacksTable {
  id: string;
  bot_id: number;
  user_id: number;
  conversation_id: number;
  message_id: number;
  data: string;
  created_at: Timestamp;
  answered_at: Timestamp | null;
}

export interface BotTables {
  bots: BotsTable;
  bot_updates: BotUpdatesTable;
  bot_callbacks: BotCallbacksTable;
}
