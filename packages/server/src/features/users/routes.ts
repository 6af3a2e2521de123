import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@parley/protocol/messages';
import { userSearchQuerySchema, userSearchReplySchema } from '@parley/protocol/conversation';
import { userSchema } from '@parley/protocol/user';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { HttpError } from '../../http/http-error';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { UsersService } from './service';

export function usersRoutes(deps: { users: UsersService; guard: Guard }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user',
      {
        onRequest: [deps.guard],
        schema: {
          tags: ['users'],
          summary: 'The signed-in user.',
          security: bearerSecurity,
          response: { 200: userSchema, ...errorReplies(401) },
        },
      },
      async (request) => {
        const user = await deps.users.getUser(authOf(request).userId);
        if (!user) throw new HttpError(401, MSG.unauthenticated);
        return user;
      },
    );

    app.get(
      '/users/search',
      {
        onRequest: [deps.guard],
        schema: {
          tags: ['users'],
          summary:
            'Users who allow search, by name or username prefix (not the caller), at most 20.',
          security: bearerSecurity,
          querystring: userSearchQuerySchema,
          response: { 200: userSearchReplySchema, ...errorReplies(401, 422) },
        },
      },
      async (request) => ({
        users: await deps.users.search(authOf(request).userId, request.query.q),
      }),
    );
  };
}
