import { loginReplySchema, statusOkSchema } from '@parley/protocol/auth';
import type { LoginRequest, RegisterRequest } from '@parley/protocol/auth';
import { userSchema } from '@parley/protocol/user';
import { request } from '../../api/http';

// The auth calls of spec 7. Sign-in calls are `silent` (the forms show their
// errors) and skip the 401 refresh dance (a 401 there is an answer).

export function loginCall(body: LoginRequest) {
  return request('/login', {
    body,
    schema: loginReplySchema,
    silent: true,
    skipAuthRefresh: true,
    anonymous: true,
  });
}

export function registerCall(body: RegisterRequest) {
  return request('/register', {
    body,
    schema: statusOkSchema,
    silent: true,
    skipAuthRefresh: true,
    anonymous: true,
  });
}

/**
 * A new account's timezone (the profile call of spec 7, with that one
 * field). Its reply's user is not read: GET /user follows at once.
 */
export function setTimezoneCall(timezone: string) {
  return request('/user/settings/edit/profile', {
    body: { timezone },
    schema: statusOkSchema,
    silent: true,
  });
}

export function fetchUser() {
  return request('/user', { schema: userSchema });
}

export function logoutCall(firebaseToken?: string | null) {
  return request('/logout', {
    body: firebaseToken ? { firebase_token: firebaseToken } : {},
    schema: statusOkSchema,
    silent: true,
    skipAuthRefresh: true,
  });
}
