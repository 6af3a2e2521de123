import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginReplySchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  statusOkSchema,
  tokenPairSchema,
} from '@parley/protocol/auth';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import type { Limiters } from '../../http/rate-limit';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { ClientInfo } from '../sessions/service';
import type { AuthService } from './service';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export function authRoutes(deps: {
  auth: AuthService;
  limits: Limiters;
  guard: Guard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/register',
      {
        onRequest: [deps.limits.registerPerAddress],
        schema: {
          tags: ['auth'],
          summary: 'Create an account. The client signs in right after.',
          body: registerRequestSchema,
          response: { 200: statusOkSchema, ...errorReplies(400, 403, 413, 415, 422, 429) },
        },
      },
      async (request) => {
        await deps.auth.register(request.body);
        return { status: 'ok' as const };
      },
    );

    app.post(
      '/login',
      {
        onRequest: [deps.limits.loginPerAddress],
        preHandler: [deps.limits.loginPerAccount],
        schema: {
          tags: ['auth'],
          summary:
            'Sign in: a token pair, or {status:"verify_username"} when the username must be confirmed.',
          body: loginRequestSchema,
          response: { 200: loginReplySchema, ...errorReplies(400, 403, 413, 415, 422, 429) },
        },
      },
      async (request) => deps.auth.login(request.body, clientOf(request)),
    );

    app.post(
      '/user/refresh',
      {
        onRequest: [deps.limits.refreshPerAddress],
        schema: {
          tags: ['auth'],
          summary: 'Trade a refresh token for a new pair. Each refresh token works once.',
          body: refreshRequestSchema,
          response: { 200: tokenPairSchema, ...errorReplies(400, 401, 403, 413, 415, 422, 429) },
        },
      },
      async (request) => deps.auth.refresh(request.body.refresh_token),
    );

    app.post(
      '/logout',
      {
        onRequest: [deps.guard],
        schema: {
          tags: ['auth'],
          summary: 'Sign out: revokes the current session and all its tokens.',
          security: bearerSecurity,
          // The body is optional; firebase_token is accepted for the push feature to come.
          body: logoutRequestSchema.nullish(),
          response: { 200: statusOkSchema, ...errorReplies(400, 401, 413, 415, 422) },
        },
      },
      async (request) => {
        const { userId, sessionId } = authOf(request);
        await deps.auth.logout(userId, sessionId);
        return { status: 'ok' as const };
      },
    );
  };
}
