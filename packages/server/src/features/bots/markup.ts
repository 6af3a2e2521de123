import { z } from 'zod';
import { INLINE_KEYBOARD_LIMITS } from '@parley/protocol/bot-markup';
import type { KeyboardOptions, MessageReplyMarkup } from '@parley/protocol/bot-markup';
import { KEYBOARD_LIMITS } from '@parley/protocol/conversation';
import type { Keyboard } from '@parley/protocol/conversation';
import { badRequest } from './api-errors';
import { json } from './params';

// A method's `reply_markup`, as the Bot API takes it, turned into what
// Parley keeps (protocol bot-markup.ts): an inline keyboard or a force
// reply stays with the message; a reply keyboard (or its removal) goes to
// the pivots of the members it is for.

const L = INLINE_KEYBOARD_LIMITS;

const inlineButton = z
  .object({
    text: z.string().min(1).max(L.textLength),
    callback_data: z
      .string()
      .min(1)
      .refine((d) => Buffer.byteLength(d) <= L.callbackDataBytes, 'BUTTON_DATA_INVALID')
      .optional(),
    url: z
      .string()
      .max(L.urlLength)
      .regex(/^(https?|tg):\/\//i, 'unsupported URL protocol')
      .optional(),
  })
  .refine((b) => (b.callback_data === undefined) !== (b.url === undefined), {
    message: 'a button needs exactly one of callback_data or url (other kinds are not supported)',
  });

const inlineKeyboard = z.object({
  inline_keyboard: z.array(z.array(inlineButton).max(L.buttonsPerRow)).max(L.rows),
});

const replyButton = z.union([z.string(), z.object({ text: z.string() }).transform((b) => b.text)]);

const replyKeyboard = z.object({
  keyboard: z
    .array(
      z
        .array(replyButton.pipe(z.string().trim().min(1).max(KEYBOARD_LIMITS.buttonLength)))
        .min(1)
        .max(KEYBOARD_LIMITS.buttonsPerRow),
    )
    .min(1)
    .max(KEYBOARD_LIMITS.rows),
  one_time_keyboard: z.boolean().optional(),
  resize_keyboard: z.boolean().optional(),
  input_field_placeholder: z.string().max(64).optional(),
  selective: z.boolean().optional(),
  is_persistent: z.boolean().optional(),
});

const removeKeyboard = z.object({
  remove_keyboard: z.literal(true),
  selective: z.boolean().optional(),
});

const forceReply = z.object({
  force_reply: z.literal(true),
  input_field_placeholder: z.string().max(64).optional(),
  selective: z.boolean().optional(),
});

/** The reply_markup parameter: any of the four forms, or its JSON text. */
export const replyMarkupParam = json(
  z.union([inlineKeyboard, replyKeyboard, removeKeyboard, forceReply]),
);
export type ReplyMarkupInput = z.output<typeof replyMarkupParam>;

/** A reply keyboard to put on (rows) or take off (null) the members' pivots. */
export interface PivotKeyboard {
  rows: Keyboard | null;
  options: KeyboardOptions | null;
  /** Only the member the message replies to. */
  selective: boolean;
}

export interface Markup {
  /** For Message.reply_markup (stored JSON), or null. */
  message: string | null;
  keyboard: PivotKeyboard | null;
}

export function toMarkup(input: ReplyMarkupInput | undefined): Markup {
  if (input === undefined) return { message: null, keyboard: null };
  if ('inline_keyboard' in input) {
    const rows = input.inline_keyboard.filter((row) => row.length > 0);
    const markup: MessageReplyMarkup = { inline_keyboard: rows };
    return { message: rows.length > 0 ? JSON.stringify(markup) : null, keyboard: null };
  }
  if ('keyboard' in input) {
    const options: KeyboardOptions = {
      one_time: input.one_time_keyboard ?? false,
      resize: input.resize_keyboard ?? false,
      placeholder: input.input_field_placeholder ?? null,
    };
    const keyboard = { rows: input.keyboard, options, selective: input.selective ?? false };
    return { message: null, keyboard };
  }
  if ('remove_keyboard' in input) {
    return {
      message: null,
      keyboard: { rows: null, options: null, selective: input.selective ?? false },
    };
  }
  const markup: MessageReplyMarkup = {
    force_reply: true,
    ...(input.input_field_placeholder !== undefined
      ? { input_field_placeholder: input.input_field_placeholder }
      : {}),
  };
  return { message: JSON.stringify(markup), keyboard: null };
}

/** editMessageReplyMarkup takes an inline keyboard only (or none, to take it away). */
export function inlineOnly(input: ReplyMarkupInput | undefined): string | null {
  if (input === undefined) return null;
  if (!('inline_keyboard' in input)) throw badRequest('inline keyboard expected');
  return toMarkup(input).message;
}
