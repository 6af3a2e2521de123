import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@parley/protocol/messages';
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
  };
}
