import type { z } from 'zod';

// The Bot API's refusals, in Telegram's words and shape:
// {ok:false, error_code, description, parameters?:{retry_after}}. Every
// refusal of a method is one of these; nothing reaches the bot as a 500.

export class BotApiError extends Error {
  override name = 'BotApiError';
  constructor(
    readonly code: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

export const badRequest = (what: string) => new BotApiError(400, `Bad Request: ${what}`);

/**
 * Parameter problems Telegram words without naming the field ("Bad Request:
 * message text is empty", not "text: …"): a schema's message made with
 * whole() is given as is by fromZod.
 */
const WHOLE = new Set<string>();
export function whole(description: string): string {
  WHOLE.add(description);
  return description;
}

/** Telegram's refusal of an edit that changes nothing (bots redrawing a menu rely on it). */
export const notModified = () =>
  badRequest(
    'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
  );
export const chatNotFound = () => badRequest('chat not found');
export const forbidden = (what: string) => new BotApiError(403, `Forbidden: ${what}`);
export const unauthorized = () => new BotApiError(401, 'Unauthorized');
export const notFoundMethod = () => new BotApiError(404, 'Not Found');
export const tooManyRequests = (retryAfter: number) =>
  new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);

export function errorBody(error: BotApiError) {
  return {
    ok: false as const,
    error_code: error.code,
    description: error.description,
    ...(error.retryAfter !== undefined ? { parameters: { retry_after: error.retryAfter } } : {}),
  };
}

/** A zod failure as Telegram words it: "Bad Request: <field>: <problem>". */
export function fromZod(error: z.ZodError): BotApiError {
  const issue = error.issues[0];
  if (!issue) return badRequest('invalid parameters');
  if (WHOLE.has(issue.message)) return badRequest(issue.message);
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return badRequest(`${field || 'parameter'} is required`);
  }
  return badRequest(field ? `${field}: ${issue.message}` : issue.message);
}
