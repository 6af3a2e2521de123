import { statusOkSchema } from '@parley/protocol/auth';
import type {
  EditProfileRequest,
  PasswordChangeRequest,
  SetSecretRequest,
} from '@parley/protocol/settings';
import { avatarUploadedSchema, userReplySchema } from '@parley/protocol/settings';
import { sessionListSchema } from '@parley/protocol/user';
import { request } from '../../api/http';

// The settings calls of spec 7. Forms show their own errors (spec 8:
// "settings replies with status error show their errors or message"), so
// the calls are silent; the switches report failures in the shared list.

export const editProfile = (body: EditProfileRequest) =>
  request('/user/settings/edit/profile', { body, schema: userReplySchema, silent: true });

export const uploadAvatar = (file: File) => {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return request('/user/avatar/upload', { body: form, schema: avatarUploadedSchema, silent: true });
};

export const changePassword = (body: PasswordChangeRequest) =>
  request('/user/settings/password/change', { body, schema: statusOkSchema, silent: true });

export const setSecret = (body: SetSecretRequest) =>
  request('/user/settings/set-secret', { body, schema: statusOkSchema, silent: true });

export const checkSecret = (secret: string) =>
  request('/user/check-secret', { body: { secret }, schema: statusOkSchema, silent: true });

/** The on/off settings: path and body field of each (spec 7 names them). */
export const SWITCH_CALLS = {
  notifications: { path: '/user/settings/notifications', field: 'status' },
  hide_status: { path: '/user/settings/hide-status', field: 'hide_status' },
  muted: { path: '/user/mute', field: 'muted' },
  allow_search: { path: '/user/settings/allow-search', field: 'allow_search' },
  load_links: { path: '/user/settings/load-links', field: 'load_links' },
  paranoid: { path: '/user/paranoid', field: 'on' },
} as const;
export type SwitchName = keyof typeof SWITCH_CALLS;

export const setSwitch = (name: SwitchName, on: boolean) => {
  const call = SWITCH_CALLS[name];
  return request(call.path, { body: { [call.field]: on }, schema: statusOkSchema, silent: true });
};

export const setMaxTimeInactive = (months: number | null) =>
  request('/user/settings/max-time-inactive', {
    body: { max_time_inactive: months },
    schema: statusOkSchema,
    silent: true,
  });

export const listSessions = () => request('/user/sessions', { schema: sessionListSchema });

export const revokeSession = (id: number) =>
  request(`/user/sessions/${id}`, { method: 'DELETE', schema: statusOkSchema });

export const revokeOtherSessions = () =>
  request('/user/sessions/revoke-others', { body: {}, schema: statusOkSchema });
