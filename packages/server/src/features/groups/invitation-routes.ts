import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { InvitationsService } from './invitations';

// The invitee's calls: their open invitations, accept and decline
// (docs/PERMISSIONS.md, "Consent"). Someone else's invitation is a 404.

export function invitationRoutes(deps: {
  invitations: InvitationsService;
  guard: Guard;
}): FastifyPluginAsyncZod {
  const { invitations } = deps;
  return async (app) => {
    const onRequest = [deps.guard];
    const doc = (summary: string, ...codes: Parameters<typeof errorReplies>) => ({
      tags: ['groups'],
      security: bearerSecurity,
      summary,
      errors: errorReplies(...codes),
    });

    addRoute(app, routes.groupInvitations, {
      doc: doc('Your open invitations to groups and channels, newest first.', 401),
      onRequest,
      handler: async (request) => invitations.list(authOf(request).userId),
    });

    addRoute(app, routes.acceptInvitation, {
      doc: doc('Accept an invitation: you join, and get the conversation.', 401, 403, 404),
      onRequest,
      handler: async (request) => invitations.accept(authOf(request).userId, request.params.id),
    });

    addRoute(app, routes.declineInvitation, {
      doc: doc('Decline an invitation.', 401, 404),
      onRequest,
      handler: async (request) => {
        await invitations.decline(authOf(request).userId, request.params.id);
        return { status: 'ok' as const };
      },
    });
  };
}
