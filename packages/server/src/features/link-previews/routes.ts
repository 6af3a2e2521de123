import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { MSG } from '@parley/protocol/messages';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { HttpError } from '../../http/http-error';
import type { Limiters } from '../../http/rate-limit';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { LinkPreviewsService } from './service';
import { THUMBNAIL_TYPE } from './thumbnail';

/** Image keys never change their bytes (a refetch makes a new key): cache for a year. */
const IMAGE_CACHE = 'private, max-age=31536000, immutable';

export function linkPreviewsRoutes(deps: {
  previews: LinkPreviewsService;
  guard: Guard;
  limits: Pick<Limiters, 'previewFetchPerUser'>;
}): FastifyPluginAsyncZod {
  const { previews } = deps;
  return async (app) => {
    addRoute(app, routes.linkPreview, {
      doc: {
        tags: ['messages'],
        security: bearerSecurity,
        summary:
          "The preview card of a message's first link, fetched by the server (null when the page had nothing to show). 403 when the reader's load_links is off or paranoid is on; 429 when the page is not cached and the reader has had too many fetched lately.",
        errors: errorReplies(401, 403, 404, 422, 429),
      },
      onRequest: [deps.guard],
      handler: async (request, reply) => ({
        status: 'ok' as const,
        // Counted only when this reader's ask starts a fetch: cached cards are free.
        preview: await previews.forMessage(authOf(request).userId, request.params.id, () =>
          deps.limits.previewFetchPerUser(request, reply),
        ),
      }),
    });

    addRoute(app, routes.linkPreviewImage, {
      doc: {
        tags: ['messages'],
        summary:
          "A preview's thumbnail (WebP). The key is random and only given to readers of the message.",
      },
      // No reply schema: the body is bytes (404 and 422 have the usual error body).
      handler: async (request, reply) => {
        const bytes = await previews.image(request.params.key);
        if (!bytes) throw new HttpError(404, MSG.notFound);
        return reply
          .type(THUMBNAIL_TYPE)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', IMAGE_CACHE)
          .send(bytes);
      },
    });
  };
}
