import type { WhoCanAdd } from '@parley/protocol/rules/group-consent';
import { authRoutes } from '@parley/protocol/http/auth-routes';
import { settingsRoutes } from '@parley/protocol/http/settings-routes';
import type { SwitchName } from '@parley/protocol/http/settings-routes';
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
  call(settingsRoutes.editProfile, { body, silent: true });

export const uploadAvatar = (file: File) => {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return call(settingsRoutes.uploadAvatar, { body: form, silent: true });
};

export const changePassword = (body: PasswordChangeRequest) =>
  call(settingsRoutes.changePassword, { body, silent: true });

export const setSecret = (body: SetSecretRequest) =>
  call(settingsRoutes.setSecret, { body, silent: true });

export const checkSecret = (secret: string) =>
  call(settingsRoutes.checkSecret, { body: { secret }, silent: true });

/** An on/off setting: its call takes the value under the spec's field name. */
export const setSwitch = (name: SwitchName, on: boolean) => {
  const route = settingsRoutes.switches[name];
  return call(route, { body: { [route.field]: on }, silent: true });
};

export const setMaxTimeInactive = (months: InactivityMonths | null) =>
  call(settingsRoutes.setMaxTimeInactive, { body: { max_time_inactive: months }, silent: true });

export const setWhoCanAdd = (who: WhoCanAdd) =>
  call(settingsRoutes.setWhoCanAdd, { body: { who_can_add: who }, silent: true });

export const listSessions = () => call(authRoutes.sessions);

export const revokeSession = (id: number) => call(authRoutes.revokeSession, { params: { id } });

export const revokeOtherSessions = () => call(authRoutes.revokeOtherSessions);
