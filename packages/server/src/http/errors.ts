import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@parley/protocol/errors';
import { fieldErrors } from '@parley/protocol/errors';
import { MSG } from '@parley/protocol/messages';
import { describeUnavailable, isDatabaseUnavailable } from '../store/unavailable';
import { isHttpError } from './http-error';
import { isMalformedMultipart, MALFORMED_MULTIPART } from './multipart-errors';
import { RequestValidationError } from './validation';

// One error format for every failure: {message, errors?:{field:[…]}}.
// Choices: a body that is not JSON at all is 400 (MSG.malformedJson), a
// broken multipart body 400 too (MALFORMED_MULTIPART); JSON
// that parses but does not fit the schema — including wrong types, arrays,
// null and nesting past the depth limit — is 422 with field errors. Anything
// unexpected is 500 {message:'Server error.'}, logged with its stack here
// and never sent to the client. A database that cannot be reached (restart,
// failover) is 503 with Retry-After: the request was not carried out and may
// be repeated; the node itself keeps running and reconnects.

export const SERVER_ERROR = 'Server error.';
export const DATABASE_UNAVAILABLE = MSG.databaseUnavailable;
/** Seconds a client is asked to wait after a 503 (a PostgreSQL restart takes a few). */
const RETRY_AFTER_SECONDS = 5;

const BY_CODE: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MSG.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MSG.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MSG.malformedJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MSG.malformedJson],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MSG.malformedJson],
};

export function errorReplyOf(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof RequestValidationError) {
    return {
      status: 422,
      body: { message: MSG.validationFailed, errors: fieldErrors(error.issues) },
    };
  }
  if (isHttpError(error)) {
    const body: ErrorBody = { message: error.message };
    if (error.errors) body.errors = error.errors;
    if (error.retryAfterSeconds !== undefined) body.retry_after = error.retryAfterSeconds;
    return { status: error.statusCode, body };
  }
  if (isMalformedMultipart(error)) {
    return { status: 400, body: { message: MALFORMED_MULTIPART } };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { message: DATABASE_UNAVAILABLE } };
  }
  const e = error as Partial<FastifyError>;
  const known = e.code ? BY_CODE[e.code] : undefined;
  if (known) return { status: known[0], body: { message: known[1] } };
  if (e.code === 'FST_ERR_VALIDATION')
    return { status: 422, body: { message: MSG.validationFailed } };
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 429) return { status, body: { message: MSG.tooManyRequests } };
  if (status === 404) return { status, body: { message: MSG.notFound } };
  if (status >= 400 && status < 500)
    return { status, body: { message: e.message || MSG.somethingWrong } };
  return { status: 500, body: { message: SERVER_ERROR } };
}

/** The most precise text of an error body: its first field message, else its message. */
export function firstLine(body: ErrorBody): string {
  const first = Object.values(body.errors ?? {})[0]?.[0];
  return first ?? body.message;
}

/** A 429's seconds to wait go out as the Retry-After header too. */
export function setRetryAfter(reply: FastifyReply, body: { retry_after?: number }): void {
  if (body.retry_after !== undefined) reply.header('retry-after', String(body.retry_after));
}

export function errorHandler(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { status, body } = errorReplyOf(error);
  if (status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  if (isDatabaseUnavailable(error)) {
    // Expected while the database restarts: one line, no stack.
    request.log.warn(`request failed: database unavailable (${describeUnavailable(error)})`);
  } else if (status >= 500 && status !== 503) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ status, code: (error as Partial<FastifyError>).code }, body.message);
  }
  setRetryAfter(reply, body);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The JSON 404 of every unknown API path (and of non-GET requests outside the API). */
export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send({ message: MSG.notFound } satisfies ErrorBody);
}
