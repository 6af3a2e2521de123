import type { FieldErrors } from '@parley/protocol/errors';

/**
 * An expected failure with the status and the `{message, errors?}` body the
 * client should see. Services throw it; the error handler sends it as is.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** Sent as Retry-After and `retry_after`: a 429, or a refusal that spent the last try. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/**
 * 429: a limit was reached. `retryAfterSeconds` goes out as the Retry-After
 * header and the body's `retry_after`, so a client can count down.
 */
export class TooManyRequests extends HttpError {
  declare readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message: string) {
    super(429, message, undefined, retryAfterSeconds);
  }
}
