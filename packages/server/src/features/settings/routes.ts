import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { statusOkSchema } from '@parley/protocol/auth';
import { MSG } from '@parley/protocol/messages';
import {
  allowSearchRequestSchema,
  checkSecretRequestSchema,
  editProfileRequestSchema,
  hideStatusRequestSchema,
  loadLinksRequestSchema,
  maxTimeInactiveRequestSchema,
  muteRequestSchema,
  notificationsRequestSchema,
  paranoidRequestSchema,
  passwordChangeRequestSchema,
  setSecretRequestSchema,
  userReplySchema,
} from '@parley/protocol/settings';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { HttpError } from '../../http/http-error';
import type { Limiters } from '../../http/rate-limit';
import { bearerSecurity } from '../../http/route-docs';
import type { SettingFlag } from '../users/queries';
import { checkSecretErrors, settingsErrorHandler, settingsErrors } from './errors';
import type { SettingsService } from './service';

const ok = { status: 'ok' as const };

/** The on/off calls of spec 7: path, body field, column. Paranoid has its own rule. */
const SWITCHES: {
  path: string;
  schema: z.ZodObject;
  field: string;
  column: Exclude<SettingFlag, 'paranoid'>;
  summary: string;
}[] = [
  {
    path: '/user/settings/notifications',
    schema: notificationsRequestSchema,
    field: 'status',
    column: 'notifications',
    summary: 'Notifications on or off (`status`).',
  },
  {
    path: '/user/settings/hide-status',
    schema: hideStatusRequestSchema,
    field: 'hide_status',
    column: 'hide_status',
    summary: 'Hide online state and last seen from everyone (takes effect at once).',
  },
  {
    path: '/user/mute',
    schema: muteRequestSchema,
    field: 'muted',
    column: 'muted',
    summary: 'Mute every conversation: no sound or notification.',
  },
  {
    path: '/user/settings/allow-search',
    schema: allowSearchRequestSchema,
    field: 'allow_search',
    column: 'allow_search',
    summary: 'Appear in user search.',
  },
  {
    path: '/user/settings/load-links',
    schema: loadLinksRequestSchema,
    field: 'load_links',
    column: 'load_links',
    summary: 'Fetch link previews for this user.',
  },
];

export function settingsRoutes(deps: {
  settings: SettingsService;
  guard: Guard;
  limits: Limiters;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler(settingsErrorHandler);
    const common = { onRequest: [deps.guard] };
    const doc = (summary: string) => ({ tags: ['settings'], summary, security: bearerSecurity });

    app.post(
      '/user/settings/edit/profile',
      {
        ...common,
        schema: {
          ...doc('Edit name, username, timezone and status; fields left out stay as they are.'),
          body: editProfileRequestSchema,
          response: { 200: userReplySchema, ...settingsErrors(401, 422) },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        user: await deps.settings.editProfile(authOf(request).userId, request.body),
      }),
    );

    for (const s of SWITCHES) {
      app.post(
        s.path,
        {
          ...common,
          schema: {
            ...doc(s.summary),
            body: s.schema,
            response: { 200: statusOkSchema, ...settingsErrors(401, 422) },
          },
        },
        async (request) => {
          const on = (request.body as Record<string, boolean>)[s.field] === true;
          await deps.settings.setFlag(authOf(request).userId, s.column, on);
          return ok;
        },
      );
    }

    app.post(
      '/user/paranoid',
      {
        ...common,
        schema: {
          ...doc(
            'Paranoid mode (`on`): no link previews, no message text in notifications, the app locked by the secret passcode. Needs a passcode.',
          ),
          body: paranoidRequestSchema,
          response: { 200: statusOkSchema, ...settingsErrors(401, 422) },
        },
      },
      async (request) => {
        await deps.settings.setParanoid(authOf(request).userId, request.body.on);
        return ok;
      },
    );

    app.post(
      '/user/settings/max-time-inactive',
      {
        ...common,
        schema: {
          ...doc('Delete the account after 1, 3, 6 or 12 months unused (null: never).'),
          body: maxTimeInactiveRequestSchema,
          response: { 200: statusOkSchema, ...settingsErrors(401, 422) },
        },
      },
      async (request) => {
        await deps.settings.setMaxTimeInactive(
          authOf(request).userId,
          request.body.max_time_inactive,
        );
        return ok;
      },
    );

    app.post(
      '/user/settings/password/change',
      {
        ...common,
        preHandler: [deps.limits.secretPerUser],
        schema: {
          ...doc('Change the password; every other session is signed out.'),
          body: passwordChangeRequestSchema,
          response: { 200: statusOkSchema, ...settingsErrors(401, 422, 429) },
        },
      },
      async (request) => {
        const { userId, sessionId } = authOf(request);
        await deps.settings.changePassword(userId, sessionId, request.body);
        return ok;
      },
    );

    app.post(
      '/user/settings/set-secret',
      {
        ...common,
        schema: {
          ...doc('Set or change the secret passcode (paranoid mode app lock) and its hint.'),
          body: setSecretRequestSchema,
          response: { 200: statusOkSchema, ...settingsErrors(401, 422) },
        },
      },
      async (request) => {
        const { secret, secret_hint } = request.body;
        await deps.settings.setSecret(authOf(request).userId, secret, secret_hint);
        return ok;
      },
    );

    app.post(
      '/user/check-secret',
      {
        ...common,
        preHandler: [deps.limits.secretPerUser],
        schema: {
          ...doc('Check the secret passcode: ok, or HTTP 400 with `error`. Rate-limited per user.'),
          body: checkSecretRequestSchema,
          response: { 200: statusOkSchema, ...checkSecretErrors, ...settingsErrors(401, 422, 429) },
        },
      },
      async (request) => {
        const result = await deps.settings.checkSecret(authOf(request).userId, request.body.secret);
        if (result === 'none') throw new HttpError(400, MSG.noSecret);
        if (result === 'wrong') throw new HttpError(400, MSG.wrongSecret);
        return ok;
      },
    );
  };
}
