import { routes } from '@parley/protocol/http/routes';
import type { SwitchName } from '@parley/protocol/http/routes';
import type {
  EditProfileRequest,
  InactivityMonths,
  PasswordChangeRequest,
  SetSecretRequest,
} from '@parley/protocol/settings';
import { call } from '../../api/http';

// The settings calls of spec 7. Forms show their own errors (spec 8:
// "settings replies with status error show their errors or message"), so
// the calls are silent; the switches report failures in the shared list.

export const editProfile = (body: EditProfileRequest) =>
  call(routes.editProfile, { body, silent: true });

export const uploadAvatar = (file: File) => {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return call(routes.uploadAvatar, { body: form, silent: true });
};

export const changePassword = (body: PasswordChangeRequest) =>
  call(routes.changePassword, { body, silent: true });

export const setSecret = (body: SetSecretRequest) => call(routes.setSecret, { body, silent: true });

export const checkSecret = (secret: string) =>
  call(routes.checkSecret, { body: { secret }, silent: true });

/** An on/off setting: its call takes the value under the spec's field name. */
export const setSwitch = (name: SwitchName, on: boolean) => {
  const route = routes.switches[name];
  return call(route, { body: { [route.field]: on }, silent: true });
};

export const setMaxTimeInactive = (months: InactivityMonths | null) =>
  call(routes.setMaxTimeInactive, { body: { max_time_inactive: months }, silent: true });

export const listSessions = () => call(routes.sessions);

export const revokeSession = (id: number) => call(routes.revokeSession, { params: { id } });

export const revokeOtherSessions = () => call(routes.revokeOtherSessions);
