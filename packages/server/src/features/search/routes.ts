import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import type { Limiters } from '../../http/rate-limit';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { SearchService } from './service';

export function searchRoutes(deps: {
  search: SearchService;
  guard: Guard;
  limits: Pick<Limiters, 'searchPerUser'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    addRoute(app, routes.search, {
      doc: {
        tags: ['search'],
        summary:
          'People who allow search, public groups and channels, and messages of your conversations (newest first, paged by `before`).',
        security: bearerSecurity,
        errors: errorReplies(401, 422, 429),
      },
      onRequest: [deps.guard],
      preHandler: [deps.limits.searchPerUser],
      handler: async (request) => deps.search.search(authOf(request).userId, request.query),
    });
  };
}
