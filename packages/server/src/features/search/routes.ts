import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchReplySchema } from '@parley/protocol/search';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import type { Limiters } from '../../http/rate-limit';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { SearchService } from './service';

export function searchRoutes(deps: {
  search: SearchService;
  guard: Guard;
  limits: Pick<Limiters, 'searchPerUser'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/search',
      {
        onRequest: [deps.guard],
        preHandler: [deps.limits.searchPerUser],
        schema: {
          tags: ['search'],
          summary:
            'People who allow search, public groups and channels, and messages of your conversations (newest first, paged by `before`).',
          security: bearerSecurity,
          querystring: searchQuerySchema,
          response: { 200: searchReplySchema, ...errorReplies(401, 422, 429) },
        },
      },
      async (request) => deps.search.search(authOf(request).userId, request.query),
    );
  };
}
