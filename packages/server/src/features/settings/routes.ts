import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { MSG } from '@parley/protocol/messages';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { HttpError } from '../../http/http-error';
import type { Limiters } from '../../http/rate-limit';
import { addRoute } from '../../http/route';
import type { RouteDoc } from '../../http/route';
import { bearerSecurity } from '../../http/route-docs';
import { checkSecretErrors, settingsErrorHandler, settingsErrors } from './errors';
import type { SettingsService } from './service';

const ok = { status: 'ok' as const };

/** What each on/off call does, for the OpenAPI document. */
const SWITCH_SUMMARIES = {
  notifications: 'Notifications on or off (`status`).',
  hide_status: 'Hide online state and last seen from everyone (takes effect at once).',
  muted: 'Mute every conversation: no sound or notification.',
  allow_search: 'Appear in user search.',
  load_links: 'Fetch link previews for this user.',
  paranoid:
    'Paranoid mode (`on`): no link previews, no message text in notifications, the app locked by the secret passcode. Needs a passcode.',
} satisfies Record<keyof typeof routes.switches, string>;

export function settingsRoutes(deps: {
  settings: SettingsService;
  guard: Guard;
  limits: Limiters;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler(settingsErrorHandler);
    const onRequest = [deps.guard];
    const doc = (summary: string, errors: RouteDoc['errors']) => ({
      tags: ['settings'],
      summary,
      security: bearerSecurity,
      errors,
    });

    addRoute(app, routes.editProfile, {
      doc: doc(
        'Edit name, username, timezone and status; fields left out stay as they are.',
        settingsErrors(401, 422),
      ),
      onRequest,
      handler: async (request) => ({
        status: 'ok' as const,
        user: await deps.settings.editProfile(authOf(request).userId, request.body),
      }),
    });

    for (const route of Object.values(routes.switches)) {
      addRoute(app, route, {
        doc: doc(SWITCH_SUMMARIES[route.setting], settingsErrors(401, 422)),
        onRequest,
        handler: async (request) => {
          const { userId } = authOf(request);
          // Paranoid mode has its own rule (it needs a passcode).
          if (route.setting === 'paranoid')
            await deps.settings.setParanoid(userId, request.body.on);
          else await deps.settings.setFlag(userId, route.setting, request.body.on);
          return ok;
        },
      });
    }

    addRoute(app, routes.setMaxTimeInactive, {
      doc: doc(
        'Delete the account after 1, 3, 6 or 12 months unused (null: never).',
        settingsErrors(401, 422),
      ),
      onRequest,
      handler: async (request) => {
        await deps.settings.setMaxTimeInactive(
          authOf(request).userId,
          request.body.max_time_inactive,
        );
        return ok;
      },
    });

    addRoute(app, routes.setWhoCanAdd, {
      doc: doc(
        'Who can add the user to groups without an invitation: everybody, contacts or nobody.',
        settingsErrors(401, 422),
      ),
      onRequest,
      handler: async (request) => {
        await deps.settings.setWhoCanAdd(authOf(request).userId, request.body.who_can_add);
        return ok;
      },
    });

    addRoute(app, routes.changePassword, {
      doc: doc(
        'Change the password; every other session is signed out.',
        settingsErrors(401, 422, 429),
      ),
      onRequest,
      preHandler: [deps.limits.secretPerUser],
      handler: async (request) => {
        const { userId, sessionId } = authOf(request);
        await deps.settings.changePassword(userId, sessionId, request.body);
        return ok;
      },
    });

    addRoute(app, routes.setSecret, {
      doc: doc(
        'Set or change the secret passcode (paranoid mode app lock) and its hint.',
        settingsErrors(401, 422),
      ),
      onRequest,
      handler: async (request) => {
        const { secret, secret_hint } = request.body;
        await deps.settings.setSecret(authOf(request).userId, secret, secret_hint);
        return ok;
      },
    });

    addRoute(app, routes.checkSecret, {
      doc: doc('Check the secret passcode: ok, or HTTP 400 with `error`. Rate-limited per user.', {
        ...checkSecretErrors,
        ...settingsErrors(401, 422, 429),
      }),
      onRequest,
      preHandler: [deps.limits.secretPerUser],
      handler: async (request) => {
        const { userId } = authOf(request);
        const result = await deps.settings.checkSecret(userId, request.body.secret);
        if (result === 'none') throw new HttpError(400, MSG.noSecret);
        if (result === 'wrong') {
          // The try that spent the budget says for how long the lock holds,
          // rather than leaving it to the next try's 429 (issue 33).
          const wait = await deps.limits.secretLeft(String(userId));
          throw new HttpError(400, MSG.wrongSecret, undefined, wait ?? undefined);
        }
        return ok;
      },
    });
  };
}
