import { z } from 'zod';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from './constants';
import { MSG } from './messages';
import { USERNAME_PATTERN } from './auth';
import { canonicalTimeZone } from './rules/timezone';
import { userSchema } from './user';
import { WHO_CAN_ADD } from './rules/group-consent';

// The settings calls of spec section 7 (`/user/settings/*`, `/user/paranoid`,
// `/user/mute`, `/user/check-secret`, `/user/avatar/upload`). The same
// schemas check the settings forms in the browser and the bodies on the
// server. A refused settings call answers `{status: 'error', message,
// errors}` (spec 8: "settings replies with status error show their errors
// or message"); check-secret answers HTTP 400 with an `error` field.

/** Longest profile status text ("On holiday until Monday"). */
export const STATUS_MAX_LENGTH = 140;
/** Secret passcode: 4–64 characters; its hint at most 64. */
export const SECRET_MIN_LENGTH = 4;
export const SECRET_MAX_LENGTH = 64;
export const SECRET_HINT_MAX_LENGTH = 64;
/** Avatars: the largest upload accepted, and the square they are stored as. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 512;
/** Accounts unused this many months are deleted (null: never). */
export const INACTIVITY_MONTHS = [1, 3, 6, 12] as const;
export type InactivityMonths = (typeof INACTIVITY_MONTHS)[number];
/** The System chat warns this long before an inactive account is deleted. */
export const INACTIVITY_WARNING_DAYS = 7;
/** Paranoid mode locks the app after this long without input. */
export const PARANOID_LOCK_AFTER_MS = 5 * 60_000;

/** A boolean a form or an old client may send as 0/1 or '0'/'1'. */
const toggle = (message: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
      error: message,
    })
    .transform((v) => v === true || v === 1 || v === '1');

const timezoneSchema = z
  .string({ error: MSG.invalidTimezone })
  .trim()
  .max(64, MSG.invalidTimezone)
  .transform((v, ctx) => {
    const zone = canonicalTimeZone(v);
    if (zone === null) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidTimezone });
      return z.NEVER;
    }
    return zone;
  });

/** POST /user/settings/edit/profile: any of the fields; those left out stay as they are. */
export const editProfileRequestSchema = z.object({
  name: z
    .string({ error: MSG.nameRequired })
    .trim()
    .min(1, MSG.nameRequired)
    .max(NAME_MAX_LENGTH, MSG.nameTooLong)
    .optional(),
  username: z
    .string({ error: MSG.incorrectUsername })
    .trim()
    .min(1, MSG.incorrectUsername)
    .max(USERNAME_MAX_LENGTH, MSG.usernameTooLong)
    .regex(USERNAME_PATTERN, MSG.incorrectUsername)
    .optional(),
  timezone: timezoneSchema.optional(),
  /** Empty or null clears it. */
  status: z
    .string({ error: MSG.statusTooLong })
    .trim()
    .max(STATUS_MAX_LENGTH, MSG.statusTooLong)
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v))
    .optional(),
});
export type EditProfileRequest = z.input<typeof editProfileRequestSchema>;

export const userReplySchema = z.object({ status: z.literal('ok'), user: userSchema });
export type UserReply = z.infer<typeof userReplySchema>;

/**
 * The body of an on/off setting's call, `{<field>: on}` under the spec's
 * field name (notifications take `status`, paranoid `on`), read as `{on}`
 * whichever the name. The calls themselves: `routes.switches` (http/routes.ts).
 */
export const switchRequestSchema = (field: string) =>
  z
    .object({ [field]: toggle(MSG.invalidToggle) })
    .transform((body) => ({ on: body[field] === true }));

/** POST /user/settings/max-time-inactive (not in the spec's list; same style). */
export const maxTimeInactiveRequestSchema = z.object({
  max_time_inactive: z
    .union([...INACTIVITY_MONTHS.map((m) => z.literal(m)), z.null()], {
      error: MSG.invalidInactivity,
    })
    .transform((v) => v as InactivityMonths | null),
});

/** POST /user/settings/who-can-add: "Who can add me to groups" (a new key; the spec has none). */
export const whoCanAddRequestSchema = z.object({
  who_can_add: z.enum(WHO_CAN_ADD, { error: MSG.invalidWhoCanAdd }),
});

const newPassword = z
  .string({ error: MSG.incorrectPassword })
  .min(PASSWORD_MIN_LENGTH, MSG.incorrectPassword)
  .max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong);

/** POST /user/settings/password/change. The new password follows the registration rule. */
export const passwordChangeRequestSchema = z
  .object({
    old_password: z
      .string({ error: MSG.passwordRequired })
      .min(1, MSG.passwordRequired)
      .max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong),
    new_password: newPassword,
    new_password_confirmation: z.string({ error: MSG.passwordConfirmation }),
  })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: MSG.passwordConfirmation,
  });
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

/** POST /user/settings/set-secret. The hint is shown on the lock screen, so it is optional. */
export const setSecretRequestSchema = z
  .object({
    secret: z
      .string({ error: MSG.secretLength })
      .min(SECRET_MIN_LENGTH, MSG.secretLength)
      .max(SECRET_MAX_LENGTH, MSG.secretLength),
    secret_confirmation: z.string({ error: MSG.secretConfirmation }),
    secret_hint: z
      .string({ error: MSG.secretHintTooLong })
      .trim()
      .max(SECRET_HINT_MAX_LENGTH, MSG.secretHintTooLong)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => v.secret === v.secret_confirmation, {
    path: ['secret_confirmation'],
    message: MSG.secretConfirmation,
  });
export type SetSecretRequest = z.input<typeof setSecretRequestSchema>;

export const checkSecretRequestSchema = z.object({
  secret: z
    .string({ error: MSG.secretRequired })
    .min(1, MSG.secretRequired)
    .max(SECRET_MAX_LENGTH, MSG.wrongSecret),
});

/** check-secret refused (HTTP 400): the client shows `error` (spec 7). */
export const checkSecretErrorSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  error: z.string(),
  /**
   * A wrong passcode that used the last try of the budget: the seconds
   * until the next try is taken (the lock screen says so at once).
   */
  retry_after: z.number().int().positive().optional(),
});

/** A settings call refused: `errors` per field, or only a `message` (spec 8). */
export const settingsErrorSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** POST /user/avatar/upload (spec 3 "Upload response"): the url, or the refusals. */
export const avatarUploadedSchema = z.object({ uploaded: z.string() });
export const avatarRefusedSchema = z.object({
  message: z.string(),
  avatar: z.array(z.string()),
  errors: z.object({ avatar: z.array(z.string()) }),
});
/** GET /avatars/:file: `<key>.jpg`, checked against the avatar pattern by the server. */
export const avatarFileParamsSchema = z.object({ file: z.string().max(64) });
export const avatarUploadReplySchema = z.union([avatarUploadedSchema, avatarRefusedSchema]);
export type AvatarUploadReply = z.infer<typeof avatarUploadReplySchema>;

/** System chat notices of the settings (their text is a catalogue sentence, see MSG). */
export const PASSWORD_CHANGED_MESSAGE_TYPE = 'password_changed';
export const INACTIVITY_WARNING_MESSAGE_TYPE = 'inactivity_warning';
