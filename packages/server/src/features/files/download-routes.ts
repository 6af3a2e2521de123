import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_KEY_PATTERN } from '@parley/protocol/file';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { sendNotFound } from '../../http/errors';
import { bearerSecurity } from '../../http/route-docs';
import { contentDisposition } from './content-disposition';
import type { FilesService } from './service';

// GET /files/{key} and /files/{key}/thumbnail. The guard takes the Bearer
// header (fetch downloads) or the `token` cookie (an <img> sends no header),
// and access is decided again on every request: a member removed a moment
// ago gets 404 like anyone who never saw the file. Nothing served here can
// run in the app's origin: nosniff, a sandboxing CSP, and non-pictures are
// attachments.

const params = z.object({ key: z.string().max(64) });

export function fileDownloadRoutes(deps: {
  files: FilesService;
  /** Accepts the `token` cookie as well as the Bearer header (GET only: no state changes). */
  guard: Guard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    for (const variant of ['original', 'thumbnail'] as const) {
      app.get(
        variant === 'original' ? '/files/:key' : '/files/:key/thumbnail',
        {
          onRequest: [deps.guard],
          schema: {
            tags: ['files'],
            summary:
              variant === 'original'
                ? 'A file of a message, for members of a conversation holding it (Bearer or the token cookie).'
                : 'The ≤ 480 px WebP thumbnail of a picture, same access rule.',
            security: bearerSecurity,
            params,
          },
        },
        async (request, reply) => {
          const { key } = request.params;
          // Not one of our keys: no query, the same 404 as a key the caller may not read.
          if (!FILE_KEY_PATTERN.test(key)) return sendNotFound(reply);
          const found = await deps.files.open(authOf(request).userId, key, variant);
          if (!found) return sendNotFound(reply);
          const { row, blob } = found;
          // The bytes behind a key never change: the key is the ETag, revalidated each time.
          const etag = `"${row.key}${variant === 'thumbnail' ? '-t' : ''}"`;
          reply
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "default-src 'none'; sandbox")
            .header('cache-control', 'private, no-cache')
            .header('etag', etag);
          if (request.headers['if-none-match'] === etag) {
            blob.stream.destroy();
            return reply.code(304).send();
          }
          const picture = row.thumbnail_key !== null;
          const type = variant === 'thumbnail' ? 'image/webp' : row.mime;
          return reply
            .header('content-type', type)
            .header('content-length', String(blob.size))
            .header(
              'content-disposition',
              contentDisposition(picture ? 'inline' : 'attachment', row.name),
            )
            .send(blob.stream);
        },
      );
    }
  };
}
