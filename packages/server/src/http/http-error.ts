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
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, message);
  }
}
