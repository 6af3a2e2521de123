import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Multipart } from '@fastify/multipart';
import { FILE_KEY_PATTERN } from '@parley/protocol/file';
import type { AttachedFile } from '@parley/protocol/file';
import { ZodError } from 'zod';
import { isHttpError, TooManyRequests } from '../../http/http-error';
import { FileRefused } from '../files/service';
import {
  BotApiError,
  badRequest,
  errorBody,
  fromZod,
  notFoundMethod,
  tooManyRequests,
  unauthorized,
} from './api-errors';
import type { BotApiDeps, Method } from './context';
import { refuseNul } from './params';
import type { BotRow } from './queries';
import { methodLookup } from './webhook-reply';

// The Bot API: GET or POST /bot<token>/<method>, with its parameters in the
// query string, a JSON body, an URL-encoded form or multipart (uploads).
// Every answer is Telegram's envelope: {ok:true, result} or {ok:false,
// error_code, description, parameters?}. Outside API_BASE, as on Telegram,
// so a bot library only needs its API root changed. File downloads:
// GET /file/bot<token>/<file_path> (file_path from getFile).

export const BOT_API_PATH = '/bot:token/:method';
export const BOT_FILE_PATH = '/file/bot:token/:path';

type Params = { token: string; method: string };

function asBotApiError(error: unknown, log: FastifyRequest['log']): BotApiError {
  if (error instanceof BotApiError) return error;
  if (error instanceof ZodError) return fromZod(error);
  if (error instanceof FileRefused) return badRequest(error.message);
  if (isHttpError(error)) {
    if (error instanceof TooManyRequests) return tooManyRequests(error.retryAfterSeconds);
    if (error.statusCode === 429) return tooManyRequests(1);
    if (error.statusCode === 403) return new BotApiError(403, `Forbidden: ${error.message}`);
    if (error.statusCode === 401) return new BotApiError(401, 'Unauthorized');
    return badRequest(error.message);
  }
  const status = (error as Partial<FastifyError>).statusCode;
  if (status === 413 || (error as Partial<FastifyError>).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new BotApiError(413, 'Request Entity Too Large');
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return badRequest((error as Error).message);
  }
  log.error({ err: error }, 'bot api: method failed');
  return new BotApiError(500, 'Internal Server Error');
}

function sendError(reply: FastifyReply, error: BotApiError) {
  if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
  return reply.code(error.code).type('application/json; charset=utf-8').send(errorBody(error));
}

/** Text values of a form or query; repeated keys keep the last. */
function plain(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? { ...(value as Record<string, unknown>) }
    : {};
}

async function collectMultipart(
  request: FastifyRequest,
  deps: BotApiDeps,
  bot: BotRow,
  params: Record<string, unknown>,
  uploads: Map<string, AttachedFile>,
): Promise<void> {
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      // The body's own faults (cut off, a broken part header) are the bot's
      // bad request; limits and refusals keep their own codes.
      if ((error as Partial<FastifyError>).statusCode !== undefined) throw error;
      throw badRequest('invalid multipart/form-data body');
    }
    if (next.done) break;
    const part = next.value;
    if (part.type === 'file') {
      const stored = await deps.files.upload(bot.id, { file: part.file, filename: part.filename });
      uploads.set(part.fieldname, stored);
    } else {
      params[part.fieldname] = part.value;
    }
  }
}

export function botApiRoutes(deps: BotApiDeps, methods: Record<string, Method>) {
  const find = methodLookup(methods);

  /** The token's bot, or the refusal: 401, or 429 once the address has sent too many wrong ones. */
  async function authenticate(
    request: FastifyRequest,
    token: string,
  ): Promise<BotRow | BotApiError> {
    const limits = deps.apiLimits.wrongToken;
    const blocked = await limits.peek(request.ip);
    if (blocked !== null) return tooManyRequests(blocked);
    const bot = await deps.accounts.authenticate(token);
    if (bot) return bot;
    const wait = await limits.count(request.ip);
    return wait === null ? unauthorized() : tooManyRequests(wait);
  }

  return async (app: FastifyInstance) => {
    deps.apiLimits.install(app);
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    await app.register(multipart, {
      limits: { fileSize: deps.maxFileBytes, files: 4, fields: 64, parts: 68 },
      throwFileSizeLimit: true,
    });
    app.setErrorHandler((error, request, reply) =>
      sendError(reply, asBotApiError(error, request.log)),
    );

    const handler = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const bot = await authenticate(request, request.params.token);
      if (bot instanceof BotApiError) return sendError(reply, bot);
      const method = find(request.params.method);
      if (!method) return sendError(reply, notFoundMethod());
      const params = { ...plain(request.query), ...plain(request.body) };
      const uploads = new Map<string, AttachedFile>();
      if (request.isMultipart()) await collectMultipart(request, deps, bot, params, uploads);
      refuseNul(params);
      // The bot hung up (a long poll it gave up on): stop waiting for it.
      const closed = new AbortController();
      reply.raw.once('close', () => closed.abort());
      const result = await method(deps, { bot, params, uploads, signal: closed.signal });
      return reply.type('application/json; charset=utf-8').send({ ok: true, result });
    };
    // Not in the OpenAPI document: Telegram's own reference documents these (docs/BOTS.md).
    const schema = { hide: true };
    app.route<{ Params: Params }>({ method: ['GET', 'POST'], url: BOT_API_PATH, schema, handler });

    app.get<{ Params: { token: string; path: string } }>(
      BOT_FILE_PATH,
      { schema },
      async (request, reply) => {
        const bot = await authenticate(request, request.params.token);
        if (bot instanceof BotApiError) return sendError(reply, bot);
        const key = request.params.path;
        const row = FILE_KEY_PATTERN.test(key) ? await deps.files.readable(bot.id, key) : null;
        const blob = row ? await deps.files.read(row, 'original') : null;
        if (!row || !blob) return sendError(reply, notFoundMethod());
        return reply
          .header('content-type', row.mime)
          .header('content-length', String(blob.size))
          .header('x-content-type-options', 'nosniff')
          .send(blob.stream);
      },
    );
  };
}
