import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { MSG } from '@parley/protocol/messages';
import { AVATAR_MAX_BYTES, avatarRefusedSchema } from '@parley/protocol/settings';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { errorHandler, errorReplyOf, firstLine, sendNotFound } from '../../http/errors';
import { readWholeFile } from '../../http/multipart-file';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { BlobStore } from '../../storage/blob-store';
import { avatarKeyOf } from './avatar-url';
import { AvatarRefused } from './service';
import type { SettingsService } from './service';

// POST /user/avatar/upload (multipart field `avatar`) and the public avatar
// files. The upload answers the spec's `{uploaded: url}`, or `{avatar:
// [errors]}` (with the usual message/errors beside it) — 422 for a file
// that is not a real JPEG or PNG by its content, 413 over the size limit.

const EXTENSION = /\.(jpe?g|png)$/i;

function refuse(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ message: text, avatar: [text], errors: { avatar: [text] } });
}

function avatarErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AvatarRefused) return refuse(reply, error.statusCode, error.message);
  const code = (error as Partial<FastifyError>).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse(reply, 413, MSG.avatarTooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return refuse(reply, 413, MSG.avatarTooLarge);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return refuse(reply, 422, MSG.avatarRequired);
  }
  // Every other 413 and 422 (a JSON body too large or too deep, …) must
  // still have the shape this route's reply schema requires.
  const { status, body } = errorReplyOf(error);
  if (status === 413 || status === 422) return refuse(reply, status, firstLine(body));
  return errorHandler(error, request, reply);
}

export function avatarRoutes(deps: {
  settings: SettingsService;
  blobs: BlobStore;
  guard: Guard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to this plugin; another feature registering multipart in its own scope is unaffected.
    if (!app.hasContentTypeParser('multipart/form-data')) {
      await app.register(multipart, {
        limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, parts: 5 },
      });
    }
    app.setErrorHandler(avatarErrorHandler);

    addRoute(app, routes.uploadAvatar, {
      doc: {
        tags: ['settings'],
        summary:
          'Upload an avatar (multipart field `avatar`, JPEG or PNG by content, at most 5 MB). It is cropped to 512×512 and re-encoded.',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        errors: { 413: avatarRefusedSchema, 422: avatarRefusedSchema, ...errorReplies(401, 429) },
      },
      onRequest: [deps.guard],
      handler: async (request) => {
        const userId = authOf(request).userId;
        // Refusals are thrown: avatarErrorHandler answers them in the upload's own shape.
        if (!request.isMultipart()) throw new AvatarRefused(422, MSG.avatarRequired);
        const part = await request.file({
          limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, parts: 5 },
          throwFileSizeLimit: true,
        });
        if (!part || part.fieldname !== 'avatar') {
          part?.file.resume();
          throw new AvatarRefused(422, MSG.avatarRequired);
        }
        const data = await readWholeFile(part);
        // The name is only a first filter (spec 5's extension rule); the content decides.
        if (part.filename && !EXTENSION.test(part.filename)) {
          throw new AvatarRefused(422, MSG.avatarExtension);
        }
        return { uploaded: await deps.settings.uploadAvatar(userId, data) };
      },
    });

    addRoute(app, routes.avatar, {
      doc: {
        tags: ['settings'],
        summary: 'An avatar image (public, unguessable name, cached for a year).',
      },
      handler: async (request, reply) => {
        const key = avatarKeyOf(request.params.file);
        const blob = key ? await deps.blobs.get(key) : null;
        if (!blob) return sendNotFound(reply);
        return reply
          .header('content-type', 'image/jpeg')
          .header('content-length', String(blob.size))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(blob.stream);
      },
    });
  };
}
