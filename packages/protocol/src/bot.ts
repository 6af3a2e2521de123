import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';
import { idParamSchema } from './ids';
import { LOCALES } from './locales';
import type { LocaleCode } from './locales';
import { MSG } from './messages';

// Bot accounts as their owner manages them ("My bots" in settings, and the
// official bot's chat commands), and the calls a user makes on a bot's
// messages. The Bot API itself (/bot<token>/<method>) is Telegram's shape
// and is described in docs/BOTS.md, not here.

const id = z.number().int();

/** How many bots one user may own. */
export const BOTS_PER_USER_MAX = 20;
export const BOT_DESCRIPTION_MAX_LENGTH = 512;

/**
 * Telegram's rule: 5..32 latin letters, digits and underscores, starting with a
 * letter, ending in "bot" (any case).
 */
export const BOT_USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{1,28}[Bb][Oo][Tt]$/;

export const BOT_MSG = {
  usernameMustEndInBot:
    "A bot's username must end in 'bot' and have 5 to 32 latin letters, digits or underscores, starting with a letter",
  tooManyBots: `You can have at most ${BOTS_PER_USER_MAX} bots`,
  descriptionTooLong: `The description can have at most ${BOT_DESCRIPTION_MAX_LENGTH} characters`,
  nothingToChange: 'Give a name or a description',
  buttonGone: 'This button is no longer available',
} as const;

/** One bot as its owner sees it. The token itself is never in it (shown once, stored hashed). */
export const botSchema = z.object({
  id,
  name: z.string(),
  username: z.string(),
  description: z.string().nullable(),
  avatar: z.string().nullable(),
  is_official: z.boolean(),
  /** A token is in force (issued and not revoked). */
  has_token: z.boolean(),
  /** When the token in force was issued; null without one. */
  token_issued_at: z.string().nullable(),
  /** Where updates go, when the bot set a webhook; null: it polls (getUpdates). */
  webhook_url: z.string().nullable(),
  created_at: z.string(),
});
export type Bot = z.infer<typeof botSchema>;

export const botListSchema = z.object({ bots: z.array(botSchema) });
export type BotList = z.infer<typeof botListSchema>;

export const botParamsSchema = z.object({ id: idParamSchema });

const botNameSchema = z
  .string({ error: MSG.nameRequired })
  .trim()
  .min(1, MSG.nameRequired)
  .max(NAME_MAX_LENGTH, MSG.nameTooLong);

export const botUsernameSchema = z
  .string({ error: BOT_MSG.usernameMustEndInBot })
  .trim()
  .transform((v) => (v.startsWith('@') ? v.slice(1) : v))
  .pipe(z.string().regex(BOT_USERNAME_PATTERN, BOT_MSG.usernameMustEndInBot));

export const createBotRequestSchema = z.object({
  name: botNameSchema,
  username: botUsernameSchema,
});
export type CreateBotRequest = z.input<typeof createBotRequestSchema>;

/** The new bot and its first token, shown this once. */
export const createBotReplySchema = z.object({ bot: botSchema, token: z.string() });
export type CreateBotReply = z.infer<typeof createBotReplySchema>;

/** Rename and/or describe (null or '' clears the description); at least one field. */
export const updateBotRequestSchema = z
  .object({
    name: botNameSchema.optional(),
    description: z
      .string()
      .trim()
      .max(BOT_DESCRIPTION_MAX_LENGTH, BOT_MSG.descriptionTooLong)
      .nullable()
      .optional(),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined, {
    message: BOT_MSG.nothingToChange,
    path: ['name'],
  });
export type UpdateBotRequest = z.input<typeof updateBotRequestSchema>;

/** A new token (the old one stops working at once), shown this once. */
export const botTokenReplySchema = z.object({ token: z.string() });

/** Pressing an inline button: the `callback_data` of the button pressed. */
export const pressCallbackRequestSchema = z.object({ data: z.string().min(1).max(64) });

/**
 * The callback query was handed to the bot. Its answer (answerCallbackQuery)
 * reaches the presser as the user event `bot.callback_answer` with this
 * `query_id`; a bot that does not answer within CALLBACK_ANSWER_WAIT_MS
 * leaves the client to stop its progress indicator.
 */
export const pressCallbackReplySchema = z.object({ query_id: z.string() });
export const CALLBACK_ANSWER_WAIT_MS = 15_000;

/**
 * The interface language the web app shows (POST /user/bots/language): the
 * official bot answers in it.
 */
export const botLanguageRequestSchema = z.object({
  locale: z.enum(LOCALES.map((l) => l.code) as [LocaleCode, ...LocaleCode[]]),
});
export type BotLanguageRequest = z.infer<typeof botLanguageRequestSchema>;

/** One command of a bot in the conversation, for the composer's "/" menu. */
export const botCommandSchema = z.object({
  bot_id: id,
  bot_username: z.string(),
  /** Without the slash, 1..32 of a-z, 0-9, _. */
  command: z.string(),
  description: z.string(),
});
export type BotCommand = z.infer<typeof botCommandSchema>;

/** The commands of the bots in a conversation (empty when there are none). */
export const botCommandsReplySchema = z.object({ commands: z.array(botCommandSchema) });
export type BotCommandsReply = z.infer<typeof botCommandsReplySchema>;
