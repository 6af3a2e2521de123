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
