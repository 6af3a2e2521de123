import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { MSG } from '@parley/protocol/messages';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { HttpError } from '../../http/http-error';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { SessionsService } from './service';

export function sessionsRoutes(deps: {
  sessions: SessionsService;
  guard: Guard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const doc = { tags: ['sessions'], security: bearerSecurity };

    addRoute(app, routes.sessions, {
      doc: {
        ...doc,
        summary: 'Signed-in devices of the user, most recently seen first.',
        errors: errorReplies(401),
      },
      onRequest: [deps.guard],
      handler: async (request) => {
        const { userId, sessionId } = authOf(request);
        return { sessions: await deps.sessions.list(userId, sessionId) };
      },
    });

    addRoute(app, routes.revokeSession, {
      doc: {
        ...doc,
        summary: "Sign out one of the user's devices (may be the current one).",
        errors: errorReplies(401, 404, 422),
      },
      onRequest: [deps.guard],
      handler: async (request) => {
        const { userId } = authOf(request);
        // Another user's session is "not found", not "forbidden": ids are not confirmed to exist.
        if (!(await deps.sessions.revoke(userId, request.params.id)))
          throw new HttpError(404, MSG.sessionNotFound);
        return { status: 'ok' as const };
      },
    });

    addRoute(app, routes.revokeOtherSessions, {
      doc: { ...doc, summary: 'Sign out every device but this one.', errors: errorReplies(401) },
      onRequest: [deps.guard],
      handler: async (request) => {
        const { userId, sessionId } = authOf(request);
        await deps.sessions.revokeOthers(userId, sessionId);
        return { status: 'ok' as const };
      },
    });
  };
}
