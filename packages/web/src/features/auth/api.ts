import type { LoginRequest, RegisterRequest } from '@parley/protocol/auth';
import { authRoutes } from '@parley/protocol/http/auth-routes';
import { settingsRoutes } from '@parley/protocol/http/settings-routes';
import { call } from '../../api/http';

// The auth calls of spec 7. Sign-in calls are `silent` (the forms show their
// errors) and skip the 401 refresh dance (a 401 there is an answer).

export function loginCall(body: LoginRequest) {
  return call(authRoutes.login, { body, silent: true, skipAuthRefresh: true, anonymous: true });
}

export function registerCall(body: RegisterRequest) {
  return call(authRoutes.register, { body, silent: true, skipAuthRefresh: true, anonymous: true });
}

/**
 * A new account's timezone (the profile call of spec 7, with that one
 * field). Its reply's user is not read: GET /user follows at once.
 */
export function setTimezoneCall(timezone: string) {
  return call(settingsRoutes.editProfile, { body: { timezone }, silent: true });
}

export function fetchUser() {
  return call(authRoutes.user);
}

export function logoutCall(firebaseToken?: string | null) {
  return call(authRoutes.logout, {
    body: firebaseToken ? { firebase_token: firebaseToken } : {},
    silent: true,
    skipAuthRefresh: true,
  });
}

/** The server's name, registration mode and password minimum (public; the login page). */
export function serverInfoCall() {
  return call(authRoutes.serverInfo, { silent: true, skipAuthRefresh: true, anonymous: true });
}
