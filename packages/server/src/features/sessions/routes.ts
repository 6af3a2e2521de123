import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusOkSchema } from '@parley/protocol/auth';
import { MSG } from '@parley/protocol/messages';
import { sessionIdParamsSchema, sessionListSchema } from '@parley/protocol/user';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { HttpError } from '../../http/http-error';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { SessionsService } from './service';

export function sessionsRoutes(deps: {
  sessions: SessionsService;
  guard: Guard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/sessions',
      {
        onRequest: [deps.guard],
        schema: {
          tags: ['sessions'],
          summary: 'Signed-in devices of the user, most recently seen first.',
          security: bearerSecurity,
          response: { 200: sessionListSchema, ...errorReplies(401) },
        },
      },
      async (request) => {
        const { userId, sessionId } = authOf(request);
        return { sessions: await deps.sessions.list(userId, sessionId) };
      },
    );

    app.delete(
      '/user/sessions/:id',
      {
        onRequest: [deps.guard],
        schema: {
          tags: ['sessions'],
          summary: "Sign out one of the user's devices (may be the current one).",
          security: bearerSecurity,
          params: sessionIdParamsSchema,
          response: { 200: statusOkSchema, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) => {
        const { userId } = authOf(request);
        // Another user's session is "not found", not "forbidden": ids are not confirmed to exist.
        if (!(await deps.sessions.revoke(userId, request.params.id)))
          throw new HttpError(404, MSG.sessionNotFound);
        return { status: 'ok' as const };
      },
    );

    app.post(
      '/user/sessions/revoke-others',
      {
        onRequest: [deps.guard],
        schema: {
          tags: ['sessions'],
          summary: 'Sign out every device but this one.',
          security: bearerSecurity,
          response: { 200: statusOkSchema, ...errorReplies(401) },
        },
      },
      async (request) => {
        const { userId, sessionId } = authOf(request);
        await deps.sessions.revokeOthers(userId, sessionId);
        return { status: 'ok' as const };
      },
    );
  };
}
