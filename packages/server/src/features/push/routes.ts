import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { PushService } from './service';

// Registering a device for Web Push (spec 4, 7; docs/PUSH.md).

export function pushRoutes(deps: { push: PushService; guard: Guard }): FastifyPluginAsyncZod {
  const { push } = deps;
  return async (app) => {
    const doc = (summary: string, ...codes: Parameters<typeof errorReplies>) => ({
      tags: ['push'],
      security: bearerSecurity,
      summary,
      errors: errorReplies(...codes),
    });
    const onRequest = [deps.guard];

    addRoute(app, routes.vapidKey, {
      doc: doc("The server's VAPID public key, for pushManager.subscribe.", 401),
      onRequest,
      handler: async () => ({ public_key: push.publicKey }),
    });

    addRoute(app, routes.createAppToken, {
      doc: doc(
        "Register this device's push subscription (token: the PushSubscription's JSON, app_type 'web'). Idempotent per endpoint; 403 when the endpoint is another account's device, 422 for keys no push can be encrypted for; at most 10 devices per account (the least recently used is replaced).",
        400,
        401,
        403,
        413,
        422,
      ),
      onRequest,
      handler: async (request) => {
        const { userId, sessionId } = authOf(request);
        await push.register(
          { userId, sessionId, acceptLanguage: request.headers['accept-language'] },
          request.body.token,
        );
        return { status: 'ok' as const };
      },
    });

    addRoute(app, routes.deleteAppToken, {
      doc: doc("Forget this device's push subscription (push turned off).", 400, 401, 422),
      onRequest,
      handler: async (request) => {
        await push.unregister(authOf(request).userId, request.body.token);
        return { status: 'ok' as const };
      },
    });
  };
}
