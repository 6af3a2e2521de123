import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import type { TaskGroup } from '@parley/protocol/tasks';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { ConversationsService } from './service';

/** Each flag call and the pivot field it sets. */
const FLAGS = [
  ['pin', 'pinned'],
  ['mute', 'muted'],
  ['hide', 'hidden'],
] as const;

export function conversationsRoutes(deps: {
  conversations: ConversationsService;
  guard: Guard;
  /** Conversation.task_groups of the single read (the tasks feature's board). */
  taskGroups: (userId: number, conversationId: number) => Promise<TaskGroup[]>;
}): FastifyPluginAsyncZod {
  const { conversations } = deps;
  return async (app) => {
    const onRequest = [deps.guard];
    const doc = (summary: string, ...codes: Parameters<typeof errorReplies>) => ({
      tags: ['conversations'],
      security: bearerSecurity,
      summary,
      errors: errorReplies(...codes),
    });

    addRoute(app, routes.conversations, {
      doc: doc('A page of the conversation list: pinned first, then newest activity.', 401, 422),
      onRequest,
      handler: async (request) =>
        conversations.list(authOf(request).userId, {
          limit: request.query.limit,
          beforeCursor: request.query.before_cursor,
          includeHidden: request.query.include_hidden,
          hiddenOnly: request.query.hidden_only,
          folderId: request.query.folder_id,
        }),
    });

    addRoute(app, routes.unread, {
      doc: doc(
        'Global unread count: new messages over conversations neither muted nor hidden.',
        401,
      ),
      onRequest,
      handler: async (request) => ({ count: await conversations.unread(authOf(request).userId) }),
    });

    addRoute(app, routes.conversation, {
      doc: doc('One conversation of the caller, with its task_groups.', 401, 404, 422),
      onRequest,
      handler: async (request) => {
        const { userId } = authOf(request);
        const id = request.body.conversation_id;
        const conversation = await conversations.get(userId, id);
        if (request.body.task_groups === false) return conversation;
        return { ...conversation, task_groups: await deps.taskGroups(userId, id) };
      },
    });

    addRoute(app, routes.openDirect, {
      doc: doc(
        'Find or create the direct conversation with a user (by id or exact username).',
        401,
        404,
        422,
      ),
      onRequest,
      handler: async (request) => conversations.openDirect(authOf(request).userId, request.body),
    });

    for (const [action, field] of FLAGS) {
      addRoute(app, routes.conversationFlag[action], {
        doc: doc(`Set or unset ${field} on the caller's link.`, 401, 404, 422),
        onRequest,
        handler: async (request) => {
          await conversations.setFlag(
            authOf(request).userId,
            request.params.id,
            field,
            request.body.value,
          );
          return { status: 'ok' as const };
        },
      });
    }

    addRoute(app, routes.setConversationNotifications, {
      doc: doc(
        "Notifications on or off (`status`) for this conversation (the caller's pivot).",
        401,
        404,
        422,
      ),
      onRequest,
      handler: async (request) => {
        const { userId } = authOf(request);
        await conversations.setNotifications(userId, request.params.id, request.body.status);
        return { status: 'ok' as const };
      },
    });

    addRoute(app, routes.setKeyboard, {
      doc: doc(
        "Spec 4 Keyboard: a custom keyboard (rows of button texts) on the caller's pivot, or null to remove it.",
        401,
        404,
        422,
      ),
      onRequest,
      handler: async (request) => {
        const { userId } = authOf(request);
        await conversations.setKeyboard(userId, request.params.id, request.body.keyboard);
        return { status: 'ok' as const };
      },
    });

    for (const action of ['block', 'unblock'] as const) {
      addRoute(app, routes.friend[action], {
        doc: doc(
          `${action === 'block' ? 'Block' : 'Unblock'} the friend of a direct chat (pivot.blocked ${action === 'block' ? 1 : 0}).`,
          401,
          404,
          422,
        ),
        onRequest,
        handler: async (request) => {
          const { userId } = authOf(request);
          await conversations.setFriendBlocked(userId, request.params.id, action === 'block');
          return { status: 'ok' as const };
        },
      });
    }

    addRoute(app, routes.clearConversation, {
      doc: doc(
        "Clear the caller's history: cleared = the last message id (or 1); unread reset.",
        401,
        404,
        422,
      ),
      onRequest,
      handler: async (request) => {
        await conversations.clear(authOf(request).userId, request.params.id);
        return { status: 'ok' as const };
      },
    });

    addRoute(app, routes.deleteConversation, {
      doc: doc(
        'Delete for me (leave, for a group). A new direct message brings it back.',
        401,
        404,
        422,
      ),
      onRequest,
      handler: async (request) => {
        await conversations.deleteForMe(authOf(request).userId, request.params.id);
        return { status: 'ok' as const };
      },
    });
  };
}
