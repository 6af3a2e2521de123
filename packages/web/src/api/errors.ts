import { z } from 'zod';
import { MSG } from '@parley/protocol/messages';
import { firstPerField, validationLines } from '@parley/protocol/errors';
import type { LooseValidationErrors } from '@parley/protocol/errors';
import { formatSeconds } from '../lib/format-seconds';
import { translate } from '../lib/i18n';

// Spec 8: validation errors may arrive as a string, an array or an object.
const looseErrorsSchema = z.union([
  z.string(),
  z.array(z.string()),
  z.record(z.string(), z.union([z.string(), z.array(z.string())])),
]);

const errorReplySchema = z.object({
  message: z.string().optional(),
  errors: looseErrorsSchema.optional(),
  /** With a 429: seconds until the call may go again. */
  retry_after: z.number().optional(),
});

export type ErrorReply = z.infer<typeof errorReplySchema>;

export function parseErrorReply(body: unknown): ErrorReply | null {
  const parsed = errorReplySchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/**
 * The reply's retry_after, else the Retry-After header's (seconds or an
 * HTTP date): a 429 from a proxy in front of the server has no body of ours,
 * and the screens still say how long to wait.
 */
export function withRetryAfter(reply: ErrorReply | null, header: string | null): ErrorReply | null {
  if (reply?.retry_after !== undefined || !header) return reply;
  const seconds = /^\d+$/.test(header.trim())
    ? Number(header)
    : (Date.parse(header) - Date.now()) / 1000;
  if (!Number.isFinite(seconds) || seconds <= 0) return reply;
  return { ...reply, retry_after: Math.ceil(seconds) };
}

/**
 * A failed call. `status` is null when no response arrived at all
 * (network down, server unreachable, request aborted).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number | null,
    readonly statusText: string,
    readonly reply: ErrorReply | null,
  ) {
    super(reply?.message || statusText || (status === null ? MSG.noResponse : MSG.somethingWrong));
  }

  get errors(): LooseValidationErrors | undefined {
    return this.reply?.errors;
  }

  /** First message per field, for forms. */
  get fieldErrors(): Record<string, string> {
    return firstPerField(this.errors);
  }

  /** Display lines of the validation errors, whatever their shape. */
  get lines(): string[] {
    return validationLines(this.errors);
  }
}

/**
 * The text to show for a failed request (spec 8): the server's message,
 * else the status text; with no response "Couldn't receive response from
 * server"; otherwise the translated "something went wrong, try later".
 * Server messages are English texts used as i18n keys, so they translate too.
 */
export function errorMessage(error: unknown): string {
  const wait = error instanceof ApiError ? error.reply?.retry_after : undefined;
  return withWait(translate(errorKey(error)), wait);
}

/** 298 s reads "5 min", 86 000 s "24 hr": whole units, never less than the wait. */
function roundedUp(seconds: number): number {
  const unit = seconds >= 3600 ? 3600 : seconds >= 60 ? 60 : 1;
  return Math.ceil(seconds / unit) * unit;
}

/**
 * "Too many requests. Try again in 42 sec.": a refusal that says how long
 * to wait (a 429's Retry-After, or the passcode try that spent the last
 * one) says it on every screen that shows it (issue 33).
 */
export function withWait(text: string, seconds: number | undefined): string {
  if (!seconds || seconds <= 0) return text;
  // A message without its own full stop ("Wrong passcode") gets the locale's before the wait.
  const sentence = /[.!?։]$/.test(text) ? text : `${text}${translate('common.fullStop')}`;
  return `${sentence} ${translate('common.retryIn', { time: formatSeconds(roundedUp(seconds)) })}`;
}

/**
 * The same text untranslated (an English message is its own i18n key): what
 * is kept for later, such as a failed send's error, so it is shown in the
 * locale of the moment it is looked at, not of the moment it failed.
 */
export function errorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === null) return MSG.noResponse;
    if (error.reply?.message) return error.reply.message;
    // A 429 without our body (a proxy's) is still the spec's text, in the user's language.
    if (error.status === 429) return MSG.tooManyRequests;
    if (error.statusText) return error.statusText;
  }
  return MSG.somethingWrong;
}
