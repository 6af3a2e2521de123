import { z } from 'zod';

// What a bot puts on a message and on a member's link (docs/BOTS.md,
// "Keyboards"). Apart from bot.ts because every message and every
// conversation carries these, so the first screen parses them; bot.ts
// (the "My bots" screen) loads with that screen.
//
// - An inline keyboard (Telegram's InlineKeyboardMarkup) or a force-reply
//   request stays with the message it came with: Message.reply_markup.
// - A reply keyboard (ReplyKeyboardMarkup) is the spec's pivot `keyboard`
//   (rows of button texts) of each member it is meant for, with its
//   options in pivot.keyboard_options; ReplyKeyboardRemove sets both to null.

/** Limits of an inline keyboard, as Telegram's (callback_data 1..64 bytes). */
export const INLINE_KEYBOARD_LIMITS = {
  rows: 12,
  buttonsPerRow: 8,
  textLength: 64,
  callbackDataBytes: 64,
  urlLength: 2048,
} as const;

/**
 * One inline button: exactly one of `callback_data` (pressing it sends a
 * callback query to the bot: POST /user/messages/:id/callback) or `url`
 * (the client asks before opening it).
 */
export const inlineButtonSchema = z.object({
  text: z.string(),
  callback_data: z.string().optional(),
  url: z.string().optional(),
});
export type InlineButton = z.infer<typeof inlineButtonSchema>;

/** Message.reply_markup: null for a message without one. */
export const messageReplyMarkupSchema = z.object({
  /** Rows of buttons shown under the message. */
  inline_keyboard: z.array(z.array(inlineButtonSchema)).optional(),
  /** ForceReply: the client opens a reply to this message in the composer. */
  force_reply: z.boolean().optional(),
  /** ForceReply's (or a reply keyboard's) composer placeholder. */
  input_field_placeholder: z.string().optional(),
});
export type MessageReplyMarkup = z.infer<typeof messageReplyMarkupSchema>;

/**
 * pivot.keyboard_options: how the pivot's `keyboard` is shown (spec 4
 * Keyboard with one_time, resize; removing it sets keyboard and options to
 * null). null for a keyboard set through POST /user/conversations/:id/keyboard.
 */
export const keyboardOptionsSchema = z.object({
  /** Hide the keyboard once a button was tapped (it can be shown again). */
  one_time: z.boolean(),
  /** Size the buttons to their text instead of filling the keyboard's height. */
  resize: z.boolean(),
  /** The composer's placeholder while the keyboard shows; null: the usual one. */
  placeholder: z.string().nullable(),
});
export type KeyboardOptions = z.infer<typeof keyboardOptionsSchema>;
