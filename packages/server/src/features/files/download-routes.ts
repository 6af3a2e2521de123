import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_KEY_PATTERN } from '@parley/protocol/file';
import { routes } from '@parley/protocol/http/routes';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { sendNotFound } from '../../http/errors';
import { addRoute } from '../../http/route';
import { bearerSecurity } from '../../http/route-docs';
import { contentDisposition } from './content-disposition';
import { contentRange, ifRangeHolds, rangeOf } from './byte-range';
import type { RangeAnswer } from './byte-range';
import type { FilesService } from './service';

// GET /files/{key} and /files/{key}/thumbnail. The guard takes the Bearer
// header (fetch downloads) or the `token` cookie (an <img> sends no header),
// and access is decided again on every request: a member removed a moment
// ago gets 404 like anyone who never saw the file, on every range request
// too. Nothing served here can run in the app's origin: nosniff, a
// sandboxing CSP, and non-pictures are attachments. The original answers
// one Range (206, or 416 past its end; several ranges get it whole — see
// byte-range.ts).

export function fileDownloadRoutes(deps: {
  files: FilesService;
  /** Accepts the `token` cookie as well as the Bearer header (GET only: no state changes). */
  guard: Guard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    for (const variant of ['original', 'thumbnail'] as const) {
      addRoute(app, variant === 'original' ? routes.file : routes.fileThumbnail, {
        doc: {
          tags: ['files'],
          summary:
            variant === 'original'
              ? 'A file of a message, for members of a conversation holding it (Bearer or the token cookie). One byte range may be asked for (206; 416 past the end).'
              : 'The ≤ 480 px WebP thumbnail of a picture, same access rule.',
          security: bearerSecurity,
        },
        onRequest: [deps.guard],
        handler: async (request, reply) => {
          const { key } = request.params;
          // Not one of our keys: no query, the same 404 as a key the caller may not read.
          if (!FILE_KEY_PATTERN.test(key)) return sendNotFound(reply);
          const row = await deps.files.readable(authOf(request).userId, key);
          if (!row || (variant === 'thumbnail' && row.thumbnail_key === null)) {
            return sendNotFound(reply);
          }
          // The bytes behind a key never change: the key is the ETag, revalidated each time.
          const etag = `"${row.key}${variant === 'thumbnail' ? '-t' : ''}"`;
          reply
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "default-src 'none'; sandbox")
            .header('cache-control', 'private, no-cache')
            .header('etag', etag);
          if (request.headers['if-none-match'] === etag) return reply.code(304).send();
          // Ranges of the original only: a thumbnail is a few KB and always sent whole.
          let answer: RangeAnswer = { kind: 'whole' };
          if (variant === 'original') {
            reply.header('accept-ranges', 'bytes');
            const size = Number(row.size);
            if (ifRangeHolds(request.headers['if-range'], etag)) {
              answer = rangeOf(request.headers.range, size);
            }
            if (answer.kind === 'unsatisfiable') {
              return reply.code(416).header('content-range', contentRange(null, size)).send();
            }
          }
          const range = answer.kind === 'part' ? answer.range : undefined;
          const blob = await deps.files.read(row, variant, range);
          if (!blob) return sendNotFound(reply);
          const picture = row.thumbnail_key !== null;
          reply
            .header('content-type', variant === 'thumbnail' ? 'image/webp' : row.mime)
            .header(
              'content-disposition',
              contentDisposition(picture ? 'inline' : 'attachment', row.name),
            );
          if (range) {
            reply
              .code(206)
              .header('content-range', contentRange(range, blob.size))
              .header('content-length', String(range.end - range.start + 1));
          } else {
            reply.header('content-length', String(blob.size));
          }
          return reply.send(blob.stream);
        },
      });
    }
  };
}
