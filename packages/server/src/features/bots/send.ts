import { z } from 'zod';
import type { Message } from '@parley/protocol/message';
import { isHttpError } from '../../http/http-error';
import type { AccessRow } from '../conversations/queries';
import { badRequest, chatNotFound, forbidden, tooManyRequests } from './api-errors';
import type { BotApiDeps, MethodCall } from './context';
import { applyReplyKeyboard } from './keyboards';
import { toMarkup } from './markup';
import type { ReplyMarkupInput } from './markup';
import { anyId, bool, json } from './params';
import { chatOf, tgMessage, userIdsOf, usersById } from './telegram';
import type { TgMessage } from './telegram';

// What sendMessage, sendPhoto and sendDocument share: the chat the bot must
// belong to, the limits, the reply, the markup, and the Message answered.

/** reply_parameters (or the older reply_to_message_id). */
export const replyFields = {
  reply_to_message_id: anyId().optional(),
  reply_parameters: json(
    z.object({
      message_id: anyId(),
      allow_sending_without_reply: bool().optional(),
    }),
  ).optional(),
  allow_sending_without_reply: bool().optional(),
};

type ReplyInput = {
  reply_to_message_id?: number | undefined;
  reply_parameters?:
    { message_id: number; allow_sending_without_reply?: boolean | undefined } | undefined;
  allow_sending_without_reply?: boolean | undefined;
};

/** The conversation `chat_id` names, if the bot is in it; else Telegram's "chat not found". */
export async function chatAccess(deps: BotApiDeps, call: MethodCall, chatId: number) {
  try {
    return await deps.conversations.requireAccess(call.bot.id, chatId);
  } catch (error) {
    if (isHttpError(error) && error.statusCode === 404) throw chatNotFound();
    throw error;
  }
}

/** The bot's view of a message as the Bot API's Message. */
export async function asTgMessage(deps: BotApiDeps, botId: number, m: Message): Promise<TgMessage> {
  const chat = await chatOf(deps.db, m.conversation_id, botId);
  if (!chat) throw chatNotFound();
  return tgMessage(m, chat, await usersById(deps.db, userIdsOf(m)));
}

/** Turns the messages feature's refusals into the Bot API's. */
export function asBotError(error: unknown, access: AccessRow): unknown {
  if (!isHttpError(error)) return error;
  if (error.statusCode === 403) {
    return access.type === 'direct'
      ? forbidden('bot was blocked by the user')
      : forbidden('not enough rights to send messages to the chat');
  }
  if (error.statusCode === 404) return chatNotFound();
  if (error.statusCode === 422) {
    if (error.errors?.parent_id) return badRequest('message to be replied not found');
    if (error.errors?.file_id) return badRequest('wrong file identifier/HTTP URL specified');
    return badRequest(Object.values(error.errors ?? {})[0]?.[0] ?? error.message);
  }
  return error;
}

export interface Outgoing {
  chatId: number;
  text: string;
  file: { id: number; mime: string; attached: boolean } | null;
  reply: ReplyInput;
  markup: ReplyMarkupInput | undefined;
}

export async function sendAs(deps: BotApiDeps, call: MethodCall, out: Outgoing) {
  const access = await chatAccess(deps, call, out.chatId);
  const wait = deps.limiter.take(call.bot.id, access.id, access.type !== 'direct');
  if (wait !== null) throw tooManyRequests(wait);
  const markup = toMarkup(out.markup);
  const replyTo = out.reply.reply_parameters?.message_id ?? out.reply.reply_to_message_id ?? null;
  const lenient =
    out.reply.reply_parameters?.allow_sending_without_reply ??
    out.reply.allow_sending_without_reply ??
    false;
  const post = { message: out.text, file: out.file, reply_markup: markup.message };
  let message: Message;
  try {
    message = await deps.messages.postAs(call.bot.id, access.id, { ...post, parent_id: replyTo });
  } catch (error) {
    const missingParent = isHttpError(error) && error.errors?.parent_id !== undefined;
    if (!(missingParent && lenient)) throw asBotError(error, access);
    message = await deps.messages
      .postAs(call.bot.id, access.id, { ...post, parent_id: null })
      .catch((e: unknown) => Promise.reject(asBotError(e, access)));
  }
  const keyboard = markup.keyboard;
  if (keyboard) {
    const repliedTo = message.parent?.sender?.id ?? null;
    const at = deps.now().toISOString();
    await deps.transaction((trx) =>
      applyReplyKeyboard(trx, deps.conversations, access.id, keyboard, repliedTo, at),
    );
  }
  return asTgMessage(deps, call.bot.id, message);
}
