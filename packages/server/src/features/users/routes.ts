import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { MSG } from '@parley/protocol/messages';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { HttpError } from '../../http/http-error';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { UsersService } from './service';

export function usersRoutes(deps: { users: UsersService; guard: Guard }): FastifyPluginAsyncZod {
  return async (app) => {
    addRoute(app, routes.user, {
      doc: {
        tags: ['users'],
        summary: 'The signed-in user.',
        security: bearerSecurity,
        errors: errorReplies(401),
      },
      onRequest: [deps.guard],
      handler: async (request) => {
        const user = await deps.users.getUser(authOf(request).userId);
        if (!user) throw new HttpError(401, MSG.unauthenticated);
        return user;
      },
    });

    addRoute(app, routes.searchUsers, {
      doc: {
        tags: ['users'],
        summary: 'Users who allow search, by name or username prefix (not the caller), at most 20.',
        security: bearerSecurity,
        errors: errorReplies(401, 422),
      },
      onRequest: [deps.guard],
      handler: async (request) => ({
        users: await deps.users.search(authOf(request).userId, request.query.q),
      }),
    });
  };
}
