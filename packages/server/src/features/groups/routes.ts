import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { MembersService } from './members-service';
import type { SlowMode } from './slow-mode';
import type { GroupsService } from './service';

// The JSON calls of groups and channels. Creation (multipart) is in
// create-routes.ts. Each call's rights: docs/PERMISSIONS.md.

const ok = { status: 'ok' as const };

export function groupsRoutes(deps: {
  groups: GroupsService;
  members: MembersService;
  slowMode: SlowMode;
  guard: Guard;
}): FastifyPluginAsyncZod {
  const { groups, members } = deps;
  return async (app) => {
    const onRequest = [deps.guard];
    const doc = (summary: string, ...codes: Parameters<typeof errorReplies>) => ({
      tags: ['groups'],
      security: bearerSecurity,
      summary,
      errors: errorReplies(...codes),
    });
    const invitation = (r: { token: string | null; allow: boolean }) => ({
      status: 'ok' as const,
      invitation_token: r.token,
      allow_invitation: r.allow,
    });

    addRoute(app, routes.leave, {
      doc: doc(
        'Leave a group or channel (user_id, if given, must be your own).',
        401,
        403,
        404,
        422,
      ),
      onRequest,
      handler: async (request) => {
        const { conversation_id, user_id } = request.body;
        await members.leave(authOf(request).userId, conversation_id, user_id);
        return ok;
      },
    });

    addRoute(app, routes.setRole, {
      doc: doc(
        "Set a member's role: moderator, publisher, member (or null); 'owner' hands ownership on.",
        401,
        403,
        404,
        422,
      ),
      onRequest,
      handler: async (request) => {
        const { conversation_id, user_id, role } = request.body;
        await groups.setRole(authOf(request).userId, conversation_id, user_id, role);
        return ok;
      },
    });

    addRoute(app, routes.members, {
      doc: doc(
        'Members by user id (paged), the count, and blocked_users for admins.',
        401,
        403,
        404,
        422,
      ),
      onRequest,
      handler: async (request) =>
        members.list(authOf(request).userId, request.params.id, request.query),
    });

    addRoute(app, routes.addMembers, {
      doc: doc(
        'Add friends (people you share a direct chat with): those who let you are members at once, the others get an invitation (`invited`).',
        401,
        403,
        404,
        422,
      ),
      onRequest,
      handler: async (request) => ({
        ...ok,
        ...(await members.add(authOf(request).userId, request.params.id, request.body.user_ids)),
      }),
    });

    for (const action of ['remove', 'block'] as const) {
      addRoute(app, routes.memberAction[action], {
        doc: doc(
          `${action === 'remove' ? 'Remove' : 'Block'} a member: out of members, into blocked_users; cannot rejoin until unblocked.`,
          401,
          403,
          404,
          422,
        ),
        onRequest,
        handler: async (request) => {
          const { id, user_id } = request.params;
          await members[action](authOf(request).userId, id, user_id);
          return ok;
        },
      });
    }

    addRoute(app, routes.unblockMember, {
      doc: doc(
        'Take a user out of blocked_users; with add: true, back into members.',
        401,
        403,
        404,
        422,
      ),
      onRequest,
      handler: async (request) => ({
        ...ok,
        member: await members.unblock(
          authOf(request).userId,
          request.params.id,
          request.params.user_id,
          request.body.add,
        ),
      }),
    });

    addRoute(app, routes.setSlowMode, {
      doc: doc(
        'Slow mode of a group: the seconds (10, 30, 60, 300, 900 or 3600) a member waits between messages, or null for off. Moderators and the owner set it and are exempt; a member sending too soon gets 429 with retry_after.',
        401,
        403,
        404,
        422,
      ),
      onRequest,
      handler: async (request) =>
        deps.slowMode.set(
          authOf(request).userId,
          request.params.id,
          request.body.slow_mode_seconds,
        ),
    });

    addRoute(app, routes.editInfo, {
      doc: doc(
        'Edit name, description, type/username, has_tasks, max_time_inactive (groups, days).',
        401,
        403,
        404,
        422,
      ),
      onRequest,
      handler: async (request) =>
        groups.editInfo(authOf(request).userId, request.params.id, request.body),
    });

    addRoute(app, routes.regenerateInvite, {
      doc: doc(
        'Create or regenerate the invite link (the old token stops working).',
        401,
        403,
        404,
      ),
      onRequest,
      handler: async (request) =>
        invitation(await groups.regenerateInvitation(authOf(request).userId, request.params.id)),
    });

    addRoute(app, routes.revokeInvite, {
      doc: doc('Revoke the invite link.', 401, 403, 404),
      onRequest,
      handler: async (request) =>
        invitation(await groups.revokeInvitation(authOf(request).userId, request.params.id)),
    });

    addRoute(app, routes.setAllowInvitation, {
      doc: doc('Turn joining by invite link on or off (the token is kept).', 401, 403, 404, 422),
      onRequest,
      handler: async (request) =>
        invitation(
          await groups.setAllowInvitation(
            authOf(request).userId,
            request.params.id,
            request.body.allow_invitation,
          ),
        ),
    });

    addRoute(app, routes.invitePreview, {
      doc: doc(
        "An invite link's card: name, avatar, description, member count (no members).",
        401,
        403,
        404,
        422,
      ),
      onRequest,
      handler: async (request) =>
        groups.previewByToken(authOf(request).userId, request.params.join_token),
    });

    addRoute(app, routes.joinByToken, {
      doc: doc('Join by invite link (after the user confirmed on the card).', 401, 403, 404, 422),
      onRequest,
      handler: async (request) =>
        groups.joinByToken(authOf(request).userId, request.params.join_token),
    });

    addRoute(app, routes.joinByUsername, {
      doc: doc(
        'Join a public group or channel by its username, without an invite.',
        401,
        403,
        404,
        422,
      ),
      onRequest,
      handler: async (request) =>
        groups.joinByUsername(authOf(request).userId, request.body.username),
    });

    addRoute(app, routes.lookupUsername, {
      doc: {
        tags: ['groups'],
        summary:
          'Public: what /to/:username names — a user, else a public group or channel (no token needed).',
        errors: errorReplies(404, 422),
      },
      handler: async (request) => groups.lookup(request.params.username),
    });
  };
}
