import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import type { Limiters } from '../../http/rate-limit';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { MessagesService } from './service';

export function messagesRoutes(deps: {
  messages: MessagesService;
  guard: Guard;
  limits: Pick<Limiters, 'sendPerUser'>;
}): FastifyPluginAsyncZod {
  const { messages } = deps;
  return async (app) => {
    const onRequest = [deps.guard];
    const doc = (summary: string, ...codes: Parameters<typeof errorReplies>) => ({
      tags: ['messages'],
      security: bearerSecurity,
      summary,
      errors: errorReplies(...codes),
    });

    addRoute(app, routes.sendMessage, {
      doc: doc(
        'Send. Idempotent on (sender, uuid): a retry returns the same message.',
        401,
        403,
        404,
        413,
        422,
        429,
      ),
      onRequest,
      // Per user, one budget with the socket's `send` (429 with retry_after).
      preHandler: [deps.limits.sendPerUser],
      handler: async (request) => messages.send(authOf(request).userId, request.body),
    });

    addRoute(app, routes.editMessage, {
      doc: doc('Edit the text of one of your messages.', 401, 403, 404, 422),
      onRequest,
      handler: async (request) =>
        messages.edit(authOf(request).userId, request.params.id, request.body.message),
    });

    addRoute(app, routes.deleteMessage, {
      doc: doc('Delete for me (default), or for everyone (author only).', 401, 403, 404, 422),
      onRequest,
      handler: async (request) => {
        await messages.remove(authOf(request).userId, request.params.id, request.query.for);
        return { status: 'ok' as const };
      },
    });

    addRoute(app, routes.history, {
      doc: doc(
        'A page of history in ascending order: newest page, or before / after / around an id.',
        401,
        404,
        422,
      ),
      onRequest,
      handler: async (request) =>
        messages.history(authOf(request).userId, request.params.id, request.query),
    });

    addRoute(app, routes.sharedMedia, {
      doc: doc(
        "A conversation's pictures and videos (kind=media), other files (files) or links (links), newest first, paged by `before` a message id. Members only; the reader's cleared history and hidden messages stay out.",
        401,
        404,
        422,
      ),
      onRequest,
      handler: async (request) =>
        messages.sharedMedia(authOf(request).userId, request.params.id, request.query),
    });

    addRoute(app, routes.markRead, {
      doc: doc(
        'Mark read up to message_id (default: the newest). Never moves backwards.',
        401,
        404,
        422,
      ),
      onRequest,
      handler: async (request) =>
        messages.read(
          authOf(request).userId,
          request.params.conversation_id,
          request.body?.message_id ?? null,
        ),
    });

    addRoute(app, routes.forwardMessages, {
      doc: doc(
        'Copy messages into another conversation; copies keep forwarded_id.',
        401,
        403,
        404,
        422,
        429,
      ),
      onRequest,
      preHandler: [deps.limits.sendPerUser],
      handler: async (request) => ({
        status: 'ok' as const,
        messages: await messages.forward(authOf(request).userId, request.body),
      }),
    });

    addRoute(app, routes.setPinnedMessage, {
      doc: doc('Pin a message of the conversation, or unpin with null.', 401, 404, 422),
      onRequest,
      handler: async (request) => ({
        status: 'ok' as const,
        pinned_message: await messages.setPinned(
          authOf(request).userId,
          request.params.id,
          request.body.message_id,
        ),
      }),
    });
  };
}
