import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { checkSecretErrorSchema, settingsErrorSchema } from '@parley/protocol/settings';
import { errorReplyOf, setRetryAfter } from '../../http/errors';

// Settings calls answer a refusal with `status: 'error'` beside the usual
// `{message, errors}` (spec 8: "settings replies with status error show
// their errors or message"), and a 400 also carries the text as `error`
// (spec 7, check-secret: "on HTTP 400 the reply's error field is shown").

export function settingsErrorHandler(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { status, body } = errorReplyOf(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status, code: (error as Partial<FastifyError>).code }, body.message);
  const extra = status === 400 ? { error: body.message } : {};
  setRetryAfter(reply, body);
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ status: 'error', ...body, ...extra });
}

/** The documented refusals of a settings route. */
export const settingsErrors = (...codes: (401 | 413 | 415 | 422 | 429)[]) =>
  Object.fromEntries(codes.map((code) => [code, settingsErrorSchema])) as Record<
    number,
    typeof settingsErrorSchema
  >;

export const checkSecretErrors = { 400: checkSecretErrorSchema };
