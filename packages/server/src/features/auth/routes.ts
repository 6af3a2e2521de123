import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import type { Limiters } from '../../http/rate-limit';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { ClientInfo } from '../sessions/service';
import type { KnownDevices } from './known-devices';
import type { AuthService } from './service';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export function authRoutes(deps: {
  auth: AuthService;
  limits: Limiters;
  guard: Guard;
  devices: KnownDevices;
  /** Before the session ends: its push devices and the `firebase_token` one are forgotten. */
  onLogout?: (userId: number, sessionId: number, firebaseToken: string | null) => Promise<void>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];

    addRoute(app, routes.register, {
      doc: {
        tags,
        summary: 'Create an account. The client signs in right after.',
        errors: errorReplies(400, 403, 413, 415, 422, 429),
      },
      onRequest: [deps.limits.registerPerAddress],
      handler: async (request) => {
        await deps.auth.register(request.body);
        return { status: 'ok' as const };
      },
    });

    addRoute(app, routes.login, {
      doc: {
        tags,
        summary:
          'Sign in: a token pair, or {status:"verify_username"} when the username must be confirmed.',
        errors: errorReplies(400, 403, 413, 415, 422, 429),
      },
      onRequest: [deps.limits.loginPerAddress],
      preHandler: [
        async (request, reply) => {
          // A device that signed in to this account before is not held by the
          // per-account limit: wrong passwords from elsewhere cannot lock its owner out.
          const account = await deps.auth.accountOf(request.body.login);
          if (account !== null && (await deps.devices.knows(request, account))) return;
          // The "Confirm your username" step comes after wrong passwords that
          // spent the sign-in budget: it has its own (an attacker who knows the
          // username gains that budget's few tries, each one an argon2 hash).
          const confirming = Boolean(request.body.username);
          await (confirming ? deps.limits.verifyPerAccount : deps.limits.loginPerAccount)(
            request,
            reply,
          );
        },
      ],
      handler: async (request, reply) =>
        deps.auth.login(request.body, clientOf(request), (userId) =>
          deps.devices.remember(request, reply, userId),
        ),
    });

    addRoute(app, routes.refresh, {
      doc: {
        tags,
        summary: 'Trade a refresh token for a new pair. Each refresh token works once.',
        errors: errorReplies(400, 401, 403, 413, 415, 422, 429),
      },
      onRequest: [deps.limits.refreshPerAddress],
      handler: async (request) => deps.auth.refresh(request.body.refresh_token),
    });

    addRoute(app, routes.logout, {
      doc: {
        tags,
        summary: 'Sign out: revokes the current session and all its tokens.',
        security: bearerSecurity,
        errors: errorReplies(400, 401, 413, 415, 422),
      },
      onRequest: [deps.guard],
      handler: async (request) => {
        const { userId, sessionId } = authOf(request);
        await deps.onLogout?.(userId, sessionId, request.body?.firebase_token ?? null);
        await deps.auth.logout(userId, sessionId);
        return { status: 'ok' as const };
      },
    });
  };
}
