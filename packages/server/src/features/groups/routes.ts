import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusOkSchema } from '@parley/protocol/auth';
import { conversationParamsSchema, conversationSchema } from '@parley/protocol/conversation';
import {
  addMembersRequestSchema,
  allowInvitationRequestSchema,
  editInfoRequestSchema,
  invitationReplySchema,
  joinByUsernameRequestSchema,
  joinTokenParamsSchema,
  leaveRequestSchema,
  memberParamsSchema,
  memberSchema,
  membersQuerySchema,
  membersReplySchema,
  previewSchema,
  roleRequestSchema,
  toLookupReplySchema,
  unblockReplySchema,
  unblockRequestSchema,
  usernameParamsSchema,
} from '@parley/protocol/group';
import { z } from 'zod';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { MembersService } from './members-service';
import type { GroupsService } from './service';

// The JSON calls of groups and channels. Creation (multipart) is in
// create-routes.ts. Each call's rights: docs/PERMISSIONS.md.

const ok = { status: 'ok' as const };

export function groupsRoutes(deps: {
  groups: GroupsService;
  members: MembersService;
  guard: Guard;
}): FastifyPluginAsyncZod {
  const { groups, members } = deps;
  return async (app) => {
    const base = { onRequest: [deps.guard] };
    const doc = { tags: ['groups'], security: bearerSecurity };
    const invitation = (r: { token: string | null; allow: boolean }) => ({
      status: 'ok' as const,
      invitation_token: r.token,
      allow_invitation: r.allow,
    });

    app.post(
      '/user/groups/leave',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Leave a group or channel (user_id, if given, must be your own).',
          body: leaveRequestSchema,
          response: { 200: statusOkSchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) => {
        const { conversation_id, user_id } = request.body;
        await members.leave(authOf(request).userId, conversation_id, user_id);
        return ok;
      },
    );

    app.post(
      '/user/role',
      {
        ...base,
        schema: {
          ...doc,
          summary:
            "Set a member's role: moderator, publisher, member (or null); 'owner' hands ownership on.",
          body: roleRequestSchema,
          response: { 200: statusOkSchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) => {
        const { conversation_id, user_id, role } = request.body;
        await groups.setRole(authOf(request).userId, conversation_id, user_id, role);
        return ok;
      },
    );

    app.get(
      '/user/conversations/:id/members',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Members by user id (paged), the count, and blocked_users for admins.',
          params: conversationParamsSchema,
          querystring: membersQuerySchema,
          response: { 200: membersReplySchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) => members.list(authOf(request).userId, request.params.id, request.query),
    );

    app.post(
      '/user/conversations/:id/members',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Add friends (people you share a direct chat with) as members.',
          params: conversationParamsSchema,
          body: addMembersRequestSchema,
          response: {
            200: z.object({ status: z.literal('ok'), members: z.array(memberSchema) }),
            ...errorReplies(401, 403, 404, 422),
          },
        },
      },
      async (request) => ({
        ...ok,
        members: await members.add(
          authOf(request).userId,
          request.params.id,
          request.body.user_ids,
        ),
      }),
    );

    for (const action of ['remove', 'block'] as const) {
      app.post(
        `/user/conversations/:id/members/:user_id/${action}`,
        {
          ...base,
          schema: {
            ...doc,
            summary: `${action === 'remove' ? 'Remove' : 'Block'} a member: out of members, into blocked_users; cannot rejoin until unblocked.`,
            params: memberParamsSchema,
            response: { 200: statusOkSchema, ...errorReplies(401, 403, 404, 422) },
          },
        },
        async (request) => {
          const { id, user_id } = request.params;
          await members[action](authOf(request).userId, id, user_id);
          return ok;
        },
      );
    }

    app.post(
      '/user/conversations/:id/members/:user_id/unblock',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Take a user out of blocked_users; with add: true, back into members.',
          params: memberParamsSchema,
          body: unblockRequestSchema,
          response: { 200: unblockReplySchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        ...ok,
        member: await members.unblock(
          authOf(request).userId,
          request.params.id,
          request.params.user_id,
          request.body.add,
        ),
      }),
    );

    app.post(
      '/user/conversations/:id/edit',
      {
        ...base,
        schema: {
          ...doc,
          summary:
            'Edit name, description, type/username, has_tasks, max_time_inactive (groups, days).',
          params: conversationParamsSchema,
          body: editInfoRequestSchema,
          response: { 200: conversationSchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) => groups.editInfo(authOf(request).userId, request.params.id, request.body),
    );

    app.post(
      '/user/conversations/:id/invitation',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Create or regenerate the invite link (the old token stops working).',
          params: conversationParamsSchema,
          response: { 200: invitationReplySchema, ...errorReplies(401, 403, 404) },
        },
      },
      async (request) =>
        invitation(await groups.regenerateInvitation(authOf(request).userId, request.params.id)),
    );

    app.delete(
      '/user/conversations/:id/invitation',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Revoke the invite link.',
          params: conversationParamsSchema,
          response: { 200: invitationReplySchema, ...errorReplies(401, 403, 404) },
        },
      },
      async (request) =>
        invitation(await groups.revokeInvitation(authOf(request).userId, request.params.id)),
    );

    app.post(
      '/user/conversations/:id/allow-invitation',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Turn joining by invite link on or off (the token is kept).',
          params: conversationParamsSchema,
          body: allowInvitationRequestSchema,
          response: { 200: invitationReplySchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) =>
        invitation(
          await groups.setAllowInvitation(
            authOf(request).userId,
            request.params.id,
            request.body.allow_invitation,
          ),
        ),
    );

    app.get(
      '/conversations/join/:join_token',
      {
        ...base,
        schema: {
          ...doc,
          summary: "An invite link's card: name, avatar, description, member count (no members).",
          params: joinTokenParamsSchema,
          response: { 200: previewSchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) => groups.previewByToken(authOf(request).userId, request.params.join_token),
    );

    app.post(
      '/conversations/join/:join_token',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Join by invite link (after the user confirmed on the card).',
          params: joinTokenParamsSchema,
          response: { 200: conversationSchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) => groups.joinByToken(authOf(request).userId, request.params.join_token),
    );

    app.post(
      '/user/groups/join',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Join a public group or channel by its username, without an invite.',
          body: joinByUsernameRequestSchema,
          response: { 200: conversationSchema, ...errorReplies(401, 403, 404, 422) },
        },
      },
      async (request) => groups.joinByUsername(authOf(request).userId, request.body.username),
    );

    app.get(
      '/to/:username',
      {
        schema: {
          tags: ['groups'],
          summary:
            'Public: what /to/:username names — a user, else a public group or channel (no token needed).',
          params: usernameParamsSchema,
          response: { 200: toLookupReplySchema, ...errorReplies(404, 422) },
        },
      },
      async (request) => groups.lookup(request.params.username),
    );
  };
}
