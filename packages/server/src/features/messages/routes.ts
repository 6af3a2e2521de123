import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusOkSchema } from '@parley/protocol/auth';
import {
  conversationParamsSchema,
  pinnedMessageReplySchema,
  pinnedMessageRequestSchema,
} from '@parley/protocol/conversation';
import {
  conversationIdParamsSchema,
  deleteMessageQuerySchema,
  editMessageRequestSchema,
  forwardReplySchema,
  forwardRequestSchema,
  historyQuerySchema,
  historyReplySchema,
  messageIdParamsSchema,
  messageSchema,
  readReplySchema,
  readRequestSchema,
  sendMessageRequestSchema,
} from '@parley/protocol/message';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { MessagesService } from './service';

export function messagesRoutes(deps: {
  messages: MessagesService;
  guard: Guard;
}): FastifyPluginAsyncZod {
  const { messages } = deps;
  return async (app) => {
    const base = { onRequest: [deps.guard] };
    const doc = { tags: ['messages'], security: bearerSecurity };

    app.post(
      '/user/messages',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Send. Idempotent on (sender, uuid): a retry returns the same message.',
          body: sendMessageRequestSchema,
          response: { 200: messageSchema, ...errorReplies(401, 403, 404, 413, 422) },
        },
      },
      async (request) => messages.send(authOf(request).userId, request.body),
    );

    app.patch(
      '/user/messages/:id',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Edit the text of one of your messages.',
          params: messageIdParamsSchema,
          body: editMessageRequestSchema,
          response: { 200: messageSchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) =>
        messages.edit(authOf(request).userId, request.params.id, request.body.message),
    );

    app.delete(
      '/user/messages/:id',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Delete for me (default), or for everyone (author only).',
          params: messageIdParamsSchema,
          querystring: deleteMessageQuerySchema,
          response: { 200: statusOkSchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) => {
        await messages.remove(authOf(request).userId, request.params.id, request.query.for);
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/user/conversations/:id/messages',
      {
        ...base,
        schema: {
          ...doc,
          summary:
            'A page of history in ascending order: newest page, or before / after / around an id.',
          params: conversationParamsSchema,
          querystring: historyQuerySchema,
          response: { 200: historyReplySchema, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) => messages.history(authOf(request).userId, request.params.id, request.query),
    );

    app.post(
      '/user/messages/read/:conversation_id',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Mark read up to message_id (default: the newest). Never moves backwards.',
          params: conversationIdParamsSchema,
          body: readRequestSchema.nullish(),
          response: { 200: readReplySchema, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) =>
        messages.read(
          authOf(request).userId,
          request.params.conversation_id,
          request.body?.message_id ?? null,
        ),
    );

    app.post(
      '/user/messages/forward',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Copy messages into another conversation; copies keep forwarded_id.',
          body: forwardRequestSchema,
          response: { 200: forwardReplySchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        messages: await messages.forward(authOf(request).userId, request.body),
      }),
    );

    app.post(
      '/user/conversations/:id/pinned-message',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Pin a message of the conversation, or unpin with null.',
          params: conversationParamsSchema,
          body: pinnedMessageRequestSchema,
          response: { 200: pinnedMessageReplySchema, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        pinned_message: await messages.setPinned(
          authOf(request).userId,
          request.params.id,
          request.body.message_id,
        ),
      }),
    );
  };
}
