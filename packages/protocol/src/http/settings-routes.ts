import { statusOkSchema } from '../auth';
import {
  avatarFileParamsSchema,
  avatarUploadedSchema,
  checkSecretRequestSchema,
  editProfileRequestSchema,
  maxTimeInactiveRequestSchema,
  passwordChangeRequestSchema,
  setSecretRequestSchema,
  switchRequestSchema,
  userReplySchema,
  whoCanAddRequestSchema,
} from '../settings';
import type { User } from '../user';
import { BYTES, get, MULTIPART, post } from './route';

// Profile and settings (spec 7; refusals answer `status: 'error'`,
// docs/API.md). One area of the route table (routes.ts).

const ok = { reply: statusOkSchema };

/**
 * An on/off setting (spec 7): `setting` is the User field it sets, `field`
 * the body field its call takes (the spec's name).
 */
const switchRoute = <const P extends string, S extends keyof User>(
  path: P,
  setting: S,
  field: string,
) => ({
  ...post(path, { body: switchRequestSchema(field), ...ok }),
  setting,
  field,
});

export const settingsRoutes = {
  editProfile: post('/user/settings/edit/profile', {
    body: editProfileRequestSchema,
    reply: userReplySchema,
  }),
  uploadAvatar: post('/user/avatar/upload', { body: MULTIPART, reply: avatarUploadedSchema }),
  avatar: get('/avatars/:file', { params: avatarFileParamsSchema, reply: BYTES }),
  /** The on/off settings, by the User field each sets. */
  switches: {
    notifications: switchRoute('/user/settings/notifications', 'notifications', 'status'),
    hide_status: switchRoute('/user/settings/hide-status', 'hide_status', 'hide_status'),
    muted: switchRoute('/user/mute', 'muted', 'muted'),
    allow_search: switchRoute('/user/settings/allow-search', 'allow_search', 'allow_search'),
    load_links: switchRoute('/user/settings/load-links', 'load_links', 'load_links'),
    paranoid: switchRoute('/user/paranoid', 'paranoid', 'on'),
  } satisfies { [K in keyof User]?: { setting: K } },
  setMaxTimeInactive: post('/user/settings/max-time-inactive', {
    body: maxTimeInactiveRequestSchema,
    ...ok,
  }),
  setWhoCanAdd: post('/user/settings/who-can-add', { body: whoCanAddRequestSchema, ...ok }),
  changePassword: post('/user/settings/password/change', {
    body: passwordChangeRequestSchema,
    ...ok,
  }),
  setSecret: post('/user/settings/set-secret', { body: setSecretRequestSchema, ...ok }),
  checkSecret: post('/user/check-secret', { body: checkSecretRequestSchema, ...ok }),
};

/** An on/off setting, by the User field it sets. */
export type SwitchName = keyof typeof settingsRoutes.switches;
