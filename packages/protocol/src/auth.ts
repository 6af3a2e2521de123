import { z } from 'zod';
import {
  LOGIN_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from './constants';
import { MSG } from './messages';
import { stripLeadingAt } from './rules/username';

// The auth contract of spec sections 4, 5 and 7. The same schemas validate
// forms in the browser and request bodies on the server, so the messages a
// user sees are the same whichever side refuses.

/** A string field whose absence, wrong type and emptiness all give one message. */
const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/** Spec 5: "latin letters, digits and spaces only". */
export const USERNAME_PATTERN = /^[A-Za-z0-9 ]+$/;

export const usernameSchema = z
  .string({ error: MSG.incorrectUsername })
  .trim()
  .min(1, MSG.incorrectUsername)
  .max(USERNAME_MAX_LENGTH, MSG.usernameTooLong)
  .regex(USERNAME_PATTERN, MSG.incorrectUsername);

export const loginRequestSchema = z.object({
  login: required(MSG.loginRequired, LOGIN_MAX_LENGTH, MSG.loginTooLong),
  // Passwords are never trimmed: spaces are characters like any other.
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
  /** Completes a `verify_username` reply; a leading @ is removed (spec 5). */
  username: z
    .string()
    .max(USERNAME_MAX_LENGTH + 1, MSG.usernameTooLong)
    .transform((v) => stripLeadingAt(v.trim()))
    .optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const verifyUsernameReplySchema = z.object({ status: z.literal('verify_username') });

export const loginReplySchema = z.union([tokenPairSchema, verifyUsernameReplySchema]);
export type LoginReply = z.infer<typeof loginReplySchema>;

export const registerRequestSchema = z.object({
  name: required(MSG.nameRequired, NAME_MAX_LENGTH, MSG.nameTooLong),
  username: usernameSchema,
  login: required(MSG.loginRequired, LOGIN_MAX_LENGTH, MSG.loginTooLong),
  password: z
    .string({ error: MSG.incorrectPassword })
    .min(PASSWORD_MIN_LENGTH, MSG.incorrectPassword)
    .max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
  /** Needed only while the server registers by invitation (admin.ts, registration modes). */
  invite_code: z.string().trim().max(64).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const statusOkSchema = z.object({ status: z.literal('ok') });
export type StatusOk = z.infer<typeof statusOkSchema>;

export const refreshRequestSchema = z.object({
  refresh_token: z.string({ error: MSG.refreshInvalid }).min(1, MSG.refreshInvalid).max(512),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const logoutRequestSchema = z.object({
  firebase_token: z.string().max(4096).nullish(),
});
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

/** Reply of a login attempt in a form the client can switch on. */
export function isVerifyUsername(
  reply: LoginReply,
): reply is z.infer<typeof verifyUsernameReplySchema> {
  return 'status' in reply && reply.status === 'verify_username';
}
