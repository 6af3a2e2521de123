import { z } from 'zod';
import { FILE_KEY_PATTERN } from '@parley/protocol/file';
import { MESSAGE_MAX_LENGTH } from '@parley/protocol/constants';
import { badRequest, whole } from '../api-errors';
import type { BotApiDeps, Method, MethodCall } from '../context';
import { replyMarkupParam } from '../markup';
import { chatId } from '../params';
import { replyFields, sendAs } from '../send';

// sendPhoto, sendDocument and getFile. A file is sent as a multipart upload
// (the field itself, or "attach://<field>") or by a file_id the bot already
// knows: its own upload or a file of a message it can see. A file_id is the
// file's key, so the same file keeps one id. Fetching a file from an HTTP
// URL is not supported (docs/BOTS.md).

const WRONG_FILE = 'wrong file identifier/HTTP URL specified';

const caption = z
  .string()
  .trim()
  .max(MESSAGE_MAX_LENGTH, whole('message caption is too long'))
  .default('');

/** The file a parameter names: an upload of this call, or a readable file_id. */
async function fileOf(deps: BotApiDeps, call: MethodCall, field: string) {
  const direct = call.uploads.get(field);
  if (direct) return { id: direct.id, mime: direct.mime, attached: false };
  const value = call.params[field];
  if (typeof value !== 'string' || value === '')
    throw badRequest(`there is no ${field} in the request`);
  if (value.startsWith('attach://')) {
    const named = call.uploads.get(value.slice('attach://'.length));
    if (!named) throw badRequest(WRONG_FILE);
    return { id: named.id, mime: named.mime, attached: false };
  }
  if (!FILE_KEY_PATTERN.test(value)) throw badRequest(WRONG_FILE);
  const row = await deps.files.readable(call.bot.id, value);
  if (!row) throw badRequest(WRONG_FILE);
  return { id: row.id, mime: row.mime, attached: row.attached_at !== null };
}

function sendFile(field: 'photo' | 'document', pictureOnly: boolean): Method {
  const schema = z.object({
    chat_id: chatId(),
    caption,
    reply_markup: replyMarkupParam.optional(),
    ...replyFields,
  });
  return async (deps, call) => {
    const p = schema.parse(call.params);
    const file = await fileOf(deps, call, field);
    if (pictureOnly && !file.mime.startsWith('image/')) throw badRequest('IMAGE_PROCESS_FAILED');
    return sendAs(deps, call, {
      chatId: p.chat_id,
      text: p.caption,
      file,
      reply: p,
      markup: p.reply_markup,
    });
  };
}

export const fileMethods: Record<string, Method> = {
  sendPhoto: sendFile('photo', true),
  sendDocument: sendFile('document', false),

  async getFile(deps, call) {
    const p = z.object({ file_id: z.string().min(1) }).parse(call.params);
    const row = FILE_KEY_PATTERN.test(p.file_id)
      ? await deps.files.readable(call.bot.id, p.file_id)
      : null;
    if (!row) throw badRequest('invalid file_id');
    // file_path: what GET /file/bot<token>/<file_path> downloads.
    return {
      file_id: row.key,
      file_unique_id: row.key,
      file_size: Number(row.size),
      file_path: row.key,
    };
  },
};
