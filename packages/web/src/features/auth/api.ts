import type { LoginRequest, RegisterRequest } from '@parley/protocol/auth';
import { routes } from '@parley/protocol/http/routes';
import { call } from '../../api/http';

// The auth calls of spec 7. Sign-in calls are `silent` (the forms show their
// errors) and skip the 401 refresh dance (a 401 there is an answer).

export function loginCall(body: LoginRequest) {
  return call(routes.login, { body, silent: true, skipAuthRefresh: true, anonymous: true });
}

export function registerCall(body: RegisterRequest) {
  return call(routes.register, { body, silent: true, skipAuthRefresh: true, anonymous: true });
}

export function fetchUser() {
  return call(routes.user);
}

export function logoutCall(firebaseToken?: string | null) {
  return call(routes.logout, {
    body: firebaseToken ? { firebase_token: firebaseToken } : {},
    silent: true,
    skipAuthRefresh: true,
  });
}
