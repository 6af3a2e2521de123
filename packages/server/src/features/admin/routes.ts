import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { routes } from '@parley/protocol/http/routes';
import { MSG } from '@parley/protocol/messages';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { HttpError } from '../../http/http-error';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { Actor, AdminService } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard: the administrator acting. */
    adminActor: Actor | null;
  }
}

/** The actor of a request that passed the admin guard. */
function actorOf(request: FastifyRequest): Actor {
  if (!request.adminActor) throw new HttpError(403, MSG.forbidden);
  return request.adminActor;
}

export function adminRoutes(deps: { admin: AdminService; guard: Guard }): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('adminActor', null);
    // After sign-in is checked: the role is read from the database on every
    // call, so a revoked or disabled admin is refused at once.
    const adminOnly: Guard = async (request) => {
      const { userId } = authOf(request);
      const admin = await deps.admin.isAdmin(userId);
      if (!admin) throw new HttpError(403, MSG.forbidden);
      request.adminActor = { via: 'web', userId, login: admin.login };
    };
    const onRequest = [deps.guard, adminOnly];
    const doc = (summary: string, ...codes: (400 | 404 | 422)[]) => ({
      tags: ['admin'],
      security: bearerSecurity,
      summary,
      errors: errorReplies(401, 403, ...codes),
    });
    const ok = { status: 'ok' as const };

    addRoute(app, routes.serverInfo, {
      doc: {
        tags: ['admin'],
        summary: "The server's name, registration mode and password minimum (public).",
        errors: errorReplies(),
      },
      handler: async () => deps.admin.settings(),
    });

    addRoute(app, routes.adminUsers, {
      doc: doc('Accounts, searched by login, username or name, oldest first.', 400),
      onRequest,
      handler: async (request) => {
        const { q, offset, limit } = request.query;
        return deps.admin.listUsers(q, offset, limit);
      },
    });

    addRoute(app, routes.adminUser, {
      doc: doc('One account.', 404, 422),
      onRequest,
      handler: async (request) => deps.admin.getUser(request.params.id),
    });

    addRoute(app, routes.adminDisableUser, {
      doc: doc('Disable an account: no sign-in, every session ends at once.', 404, 422),
      onRequest,
      handler: async (request) => {
        await deps.admin.disable(actorOf(request), request.params.id);
        return ok;
      },
    });

    addRoute(app, routes.adminEnableUser, {
      doc: doc('Enable a disabled account.', 404, 422),
      onRequest,
      handler: async (request) => {
        await deps.admin.enable(actorOf(request), request.params.id);
        return ok;
      },
    });

    addRoute(app, routes.adminDeleteUser, {
      doc: doc('Delete an account (it stays as "Deleted account" in others\' history).', 404),
      onRequest,
      handler: async (request) => {
        await deps.admin.remove(actorOf(request), request.params.id);
        return ok;
      },
    });

    addRoute(app, routes.adminSignOutUser, {
      doc: doc('Sign an account out everywhere.', 404, 422),
      onRequest,
      handler: async (request) => {
        await deps.admin.signOutEverywhere(actorOf(request), request.params.id);
        return ok;
      },
    });

    addRoute(app, routes.adminResetPassword, {
      doc: doc(
        'Set a password, or make a temporary one returned once. Signs out everywhere.',
        404,
        422,
      ),
      onRequest,
      handler: async (request) =>
        deps.admin.resetPassword(actorOf(request), request.params.id, request.body.password),
    });

    addRoute(app, routes.adminSetRole, {
      doc: doc('Grant or revoke the admin role.', 404, 422),
      onRequest,
      handler: async (request) => {
        await deps.admin.setRole(actorOf(request), request.params.id, request.body.is_admin);
        return ok;
      },
    });

    addRoute(app, routes.adminSettings, {
      doc: doc('Server settings: name, registration mode, password minimum.'),
      onRequest,
      handler: async () => deps.admin.settings(),
    });

    addRoute(app, routes.adminChangeSettings, {
      doc: doc('Change server settings; fields left out keep their value.', 422),
      onRequest,
      handler: async (request) => deps.admin.changeSettings(actorOf(request), request.body),
    });

    addRoute(app, routes.adminInvites, {
      doc: doc('Invite codes, newest first.'),
      onRequest,
      handler: async () => ({ invites: await deps.admin.invites() }),
    });

    addRoute(app, routes.adminCreateInvite, {
      doc: doc('Issue an invite code, optionally limited in uses and time.', 422),
      onRequest,
      handler: async (request) => deps.admin.createInvite(actorOf(request), request.body),
    });

    addRoute(app, routes.adminRevokeInvite, {
      doc: doc('Revoke an invite code.', 404, 422),
      onRequest,
      handler: async (request) => {
        await deps.admin.revokeInvite(actorOf(request), request.params.id);
        return ok;
      },
    });

    addRoute(app, routes.adminAudit, {
      doc: doc('The audit log of admin actions, newest first.', 400),
      onRequest,
      handler: async (request) => deps.admin.audit(request.query.offset, request.query.limit),
    });
  };
}
