import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reactionRoutes as routes } from '@parley/protocol/http/reaction-routes';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import type { Limiters } from '../../http/rate-limit';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { ReactionsService } from './reactions';

// Reactions (docs/API.md, "Reactions"). Changes share the send budget
// (429 with retry_after): a reaction reaches every member like a message.

export function reactionsRoutes(deps: {
  reactions: ReactionsService;
  guard: Guard;
  limits: Pick<Limiters, 'sendPerUser'>;
}): FastifyPluginAsyncZod {
  const { reactions } = deps;
  return async (app) => {
    const onRequest = [deps.guard];
    const preHandler = [deps.limits.sendPerUser];
    const doc = (summary: string, ...codes: Parameters<typeof errorReplies>) => ({
      tags: ['messages'],
      security: bearerSecurity,
      summary,
      errors: errorReplies(...codes),
    });

    addRoute(app, routes.setReaction, {
      doc: doc(
        'Set your reaction on a message (one per person: replaces yours).',
        401,
        403,
        404,
        422,
        429,
      ),
      onRequest,
      preHandler,
      handler: async (request) =>
        reactions.set(authOf(request).userId, request.params.id, request.body.emoji),
    });

    addRoute(app, routes.removeReaction, {
      doc: doc('Take your reaction off a message.', 401, 403, 404, 429),
      onRequest,
      preHandler,
      handler: async (request) => reactions.remove(authOf(request).userId, request.params.id),
    });

    addRoute(app, routes.reactors, {
      doc: doc('Who reacted to a message, with their names.', 401, 404),
      onRequest,
      handler: async (request) => reactions.reactors(authOf(request).userId, request.params.id),
    });
  };
}
