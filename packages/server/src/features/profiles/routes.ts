import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileRoutes } from '@parley/protocol/http/profile-routes';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { ProfilesService } from './service';

export function profilesRoutes(deps: {
  profiles: ProfilesService;
  guard: Guard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const doc = (summary: string, ...codes: Parameters<typeof errorReplies>) => ({
      tags: ['users'],
      security: bearerSecurity,
      summary,
      errors: errorReplies(...codes),
    });

    addRoute(app, profileRoutes.profile, {
      doc: doc(
        "A person who shares a conversation with the caller: name, username, status, what the caller may know of their last-seen time, the direct chat's id.",
        401,
        404,
      ),
      onRequest: [deps.guard],
      handler: async (request) => deps.profiles.profile(authOf(request).userId, request.params.id),
    });

    addRoute(app, profileRoutes.commonGroups, {
      doc: doc('Groups both the caller and the person are members of.', 401, 404),
      onRequest: [deps.guard],
      handler: async (request) => ({
        groups: await deps.profiles.commonGroups(authOf(request).userId, request.params.id),
      }),
    });
  };
}
