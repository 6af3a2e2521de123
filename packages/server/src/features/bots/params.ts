import { z } from 'zod';
import { ID_MAX } from '@parley/protocol/constants';
import { nulIssues } from '../../http/validation';
import { badRequest } from './api-errors';

// The Bot API's parameter forms. A bot may send any method as JSON, as an
// URL-encoded form, as multipart, or in the query string: in the last three
// every value is text, and objects and arrays (reply_markup, allowed_updates)
// are JSON inside that text. These schemas take both.

const fromText = (parse: (text: string) => unknown) => (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return parse(value);
  } catch {
    return value;
  }
};

/** An integer, or its decimal text. */
export const int = () =>
  z.preprocess(
    fromText((t) => (/^-?\d{1,15}$/.test(t.trim()) ? Number(t) : t)),
    z.number().int(),
  );

/** An id the stores can hold (out of range: not found, like any unknown id). */
export const anyId = () => int().pipe(z.number().min(-ID_MAX).max(ID_MAX));

/** true/false, or their text (1/0 too). */
export const bool = () =>
  z.preprocess(
    fromText((t) => (t === 'true' || t === '1' ? true : t === 'false' || t === '0' ? false : t)),
    z.boolean(),
  );

/** An object or array, or its JSON text. */
export const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    fromText((t) => JSON.parse(t) as unknown),
    schema,
  );

/**
 * chat_id: a conversation id (number or its text). "@username" (a public
 * channel's on Telegram) names no chat here: it becomes id 0, which is no
 * conversation, so the bot is told "chat not found" as for any unknown chat.
 */
export const chatId = () =>
  z.preprocess((v) => (typeof v === 'string' && v.startsWith('@') ? 0 : v), anyId());

/**
 * The HTTP API's rule (http/validation.ts), kept for the Bot API too: no
 * parameter may hold a NUL character (PostgreSQL cannot store one; SQLite
 * would). Thrown as Telegram words a bad parameter.
 */
export function refuseNul(params: Record<string, unknown>): void {
  const issue = nulIssues(params)[0];
  if (issue) throw badRequest(`${issue.path.join('.')}: NUL character is not allowed`);
}
