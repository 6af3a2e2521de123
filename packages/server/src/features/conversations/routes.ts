import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusOkSchema } from '@parley/protocol/auth';
import {
  conversationListQuerySchema,
  conversationListSchema,
  conversationParamsSchema,
  keyboardRequestSchema,
  conversationRequestSchema,
  conversationSchema,
  directRequestSchema,
  flagRequestSchema,
  groupRequestSchema,
  unreadReplySchema,
} from '@parley/protocol/conversation';
import { conversationNotificationsRequestSchema } from '@parley/protocol/group';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { ConversationsService } from './service';

const FLAGS = { pin: 'pinned', mute: 'muted', hide: 'hidden' } as const;

export function conversationsRoutes(deps: {
  conversations: ConversationsService;
  guard: Guard;
}): FastifyPluginAsyncZod {
  const { conversations } = deps;
  return async (app) => {
    const base = { onRequest: [deps.guard] };
    const doc = { tags: ['conversations'], security: bearerSecurity };

    app.get(
      '/user/conversations',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'A page of the conversation list: pinned first, then newest activity.',
          querystring: conversationListQuerySchema,
          response: { 200: conversationListSchema, ...errorReplies(401, 422) },
        },
      },
      async (request) =>
        conversations.list(authOf(request).userId, {
          limit: request.query.limit,
          beforeCursor: request.query.before_cursor,
          includeHidden: request.query.include_hidden,
          hiddenOnly: request.query.hidden_only,
          folderId: request.query.folder_id,
        }),
    );

    app.get(
      '/user/unread',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Global unread count: new messages over conversations neither muted nor hidden.',
          response: { 200: unreadReplySchema, ...errorReplies(401) },
        },
      },
      async (request) => ({ count: await conversations.unread(authOf(request).userId) }),
    );

    app.post(
      '/user/conversation',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'One conversation of the caller.',
          body: conversationRequestSchema,
          response: { 200: conversationSchema, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) => conversations.get(authOf(request).userId, request.body.conversation_id),
    );

    app.post(
      '/user/conversations/direct',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Find or create the direct conversation with a user (by id or exact username).',
          body: directRequestSchema,
          response: { 200: conversationSchema, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) => conversations.openDirect(authOf(request).userId, request.body),
    );

    app.post(
      '/user/conversations/group',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Create a group; the caller is its owner.',
          body: groupRequestSchema,
          response: { 200: conversationSchema, ...errorReplies(401, 422) },
        },
      },
      async (request) =>
        conversations.createGroup(
          authOf(request).userId,
          request.body.name,
          request.body.member_ids,
        ),
    );

    for (const [action, field] of Object.entries(FLAGS)) {
      app.post(
        `/user/conversations/:id/${action}`,
        {
          ...base,
          schema: {
            ...doc,
            summary: `Set or unset ${field} on the caller's link.`,
            params: conversationParamsSchema,
            body: flagRequestSchema,
            response: { 200: statusOkSchema, ...errorReplies(401, 404, 422) },
          },
        },
        async (request) => {
          await conversations.setFlag(
            authOf(request).userId,
            request.params.id,
            field,
            request.body.value,
          );
          return { status: 'ok' as const };
        },
      );
    }

    app.post(
      '/user/conversations/:id/notifications',
      {
        ...base,
        schema: {
          ...doc,
          summary: "Notifications on or off (`status`) for this conversation (the caller's pivot).",
          params: conversationParamsSchema,
          body: conversationNotificationsRequestSchema,
          response: { 200: statusOkSchema, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) => {
        const { userId } = authOf(request);
        await conversations.setNotifications(userId, request.params.id, request.body.status);
        return { status: 'ok' as const };
      },
    );

    app.post(
      '/user/conversations/:id/keyboard',
      {
        ...base,
        schema: {
          ...doc,
          summary:
            "Spec 4 Keyboard: a custom keyboard (rows of button texts) on the caller's pivot, or null to remove it.",
          params: conversationParamsSchema,
          body: keyboardRequestSchema,
          response: { 200: statusOkSchema, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) => {
        const { userId } = authOf(request);
        await conversations.setKeyboard(userId, request.params.id, request.body.keyboard);
        return { status: 'ok' as const };
      },
    );

    for (const action of ['block', 'unblock'] as const) {
      app.post(
        `/user/conversations/:id/${action}`,
        {
          ...base,
          schema: {
            ...doc,
            summary: `${action === 'block' ? 'Block' : 'Unblock'} the friend of a direct chat (pivot.blocked ${action === 'block' ? 1 : 0}).`,
            params: conversationParamsSchema,
            response: { 200: statusOkSchema, ...errorReplies(401, 404, 422) },
          },
        },
        async (request) => {
          const { userId } = authOf(request);
          await conversations.setFriendBlocked(userId, request.params.id, action === 'block');
          return { status: 'ok' as const };
        },
      );
    }

    app.post(
      '/user/conversations/:id/clear',
      {
        ...base,
        schema: {
          ...doc,
          summary:
            "Clear the caller's history: cleared = the last message id (or 1); unread reset.",
          params: conversationParamsSchema,
          response: { 200: statusOkSchema, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) => {
        await conversations.clear(authOf(request).userId, request.params.id);
        return { status: 'ok' as const };
      },
    );

    app.delete(
      '/user/conversations/:id',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Delete for me (leave, for a group). A new direct message brings it back.',
          params: conversationParamsSchema,
          response: { 200: statusOkSchema, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) => {
        await conversations.deleteForMe(authOf(request).userId, request.params.id);
        return { status: 'ok' as const };
      },
    );
  };
}
