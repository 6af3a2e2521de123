import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from '@parley/protocol/constants';
import { isHttpError } from '../../../http/http-error';
import { badRequest, notModified, whole } from '../api-errors';
import type { Method } from '../context';
import { inlineOnly, replyMarkupParam } from '../markup';
import { anyId, chatId } from '../params';
import { asTgMessage, chatAccess, replyFields, sendAs } from '../send';

// sendMessage, editMessageText, editMessageReplyMarkup, deleteMessage.
// parse_mode is accepted and ignored: the text is shown as written
// (docs/BOTS.md); entities are not taken either.

const text = z
  .string({ error: whole('message text is empty') })
  .trim()
  .min(1, whole('message text is empty'))
  .max(MESSAGE_MAX_LENGTH, whole('message is too long'));

const sendMessage = z.object({
  chat_id: chatId(),
  text,
  reply_markup: replyMarkupParam.optional(),
  ...replyFields,
});

const target = z.object({ chat_id: chatId(), message_id: anyId() });

/** The bot's own message in that chat, else Telegram's "message to edit not found". */
async function ownMessage(
  deps: Parameters<Method>[0],
  call: Parameters<Method>[1],
  params: z.output<typeof target>,
) {
  const access = await chatAccess(deps, call, params.chat_id);
  const notFound = () => badRequest('message to edit not found');
  let row;
  try {
    row = await deps.messages.visibleTo(call.bot.id, params.message_id);
  } catch (error) {
    if (isHttpError(error) && error.statusCode === 404) throw notFound();
    throw error;
  }
  if (row.conversation_id !== access.id) throw notFound();
  if (row.user_id !== call.bot.id) throw badRequest("message can't be edited");
  return row;
}

export const messageMethods: Record<string, Method> = {
  async sendMessage(deps, call) {
    const p = sendMessage.parse(call.params);
    return sendAs(deps, call, {
      chatId: p.chat_id,
      text: p.text,
      file: null,
      reply: p,
      markup: p.reply_markup,
    });
  },

  async editMessageText(deps, call) {
    const p = target.extend({ text, reply_markup: replyMarkupParam.optional() }).parse(call.params);
    const row = await ownMessage(deps, call, p);
    // The same keyboard sent again changes nothing either.
    const sameMarkup =
      p.reply_markup === undefined || inlineOnly(p.reply_markup) === row.reply_markup;
    if (row.message === p.text && sameMarkup) throw notModified();
    const message = await deps.messages.editAs(call.bot.id, row.id, {
      message: p.text,
      ...(p.reply_markup !== undefined ? { reply_markup: inlineOnly(p.reply_markup) } : {}),
    });
    return asTgMessage(deps, call.bot.id, message);
  },

  async editMessageReplyMarkup(deps, call) {
    const p = target.extend({ reply_markup: replyMarkupParam.optional() }).parse(call.params);
    const row = await ownMessage(deps, call, p);
    const markup = inlineOnly(p.reply_markup);
    if (markup === row.reply_markup) throw notModified();
    const message = await deps.messages.editAs(call.bot.id, row.id, { reply_markup: markup });
    return asTgMessage(deps, call.bot.id, message);
  },

  /** The bot's own messages; others' only where its role may delete them (a group's admin). */
  async deleteMessage(deps, call) {
    const p = target.parse(call.params);
    const access = await chatAccess(deps, call, p.chat_id);
    let row;
    try {
      row = await deps.messages.visibleTo(call.bot.id, p.message_id);
    } catch (error) {
      if (isHttpError(error) && error.statusCode === 404) {
        throw badRequest('message to delete not found');
      }
      throw error;
    }
    if (row.conversation_id !== access.id) throw badRequest('message to delete not found');
    try {
      await deps.messages.remove(call.bot.id, row.id, 'everyone');
    } catch (error) {
      if (isHttpError(error) && error.statusCode === 403) {
        throw badRequest("message can't be deleted");
      }
      throw error;
    }
    return true;
  },
};
