import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { idParamSchema } from './ids';
import { MSG } from './messages';
import { publicServerInfoSchema, REGISTRATION_MODES, registrationModeSchema } from './server-info';
import type { PublicServerInfo, RegistrationMode } from './server-info';

// The operator's contract (issue 19, docs/ADMIN.md): who administers the
// server, who may register, how long passwords must be, the server's name,
// and the audit log of what administrators did. The web console and the
// host command line (`npm run admin`) drive the same calls.

export { REGISTRATION_MODES, registrationModeSchema, publicServerInfoSchema };
export type { RegistrationMode, PublicServerInfo };

/** The configured password minimum never goes below the spec's 5, and stays usable. */
export const PASSWORD_MIN_CONFIGURABLE_MAX = 64;
export const SERVER_NAME_MAX_LENGTH = 64;

export const serverSettingsSchema = publicServerInfoSchema;
export type ServerSettings = PublicServerInfo;

export const serverSettingsPatchSchema = z
  .object({
    name: z.string().trim().max(SERVER_NAME_MAX_LENGTH, MSG.serverNameTooLong),
    registration_mode: registrationModeSchema,
    // One message for every way out of range: the console translates it (a
    // message is its own i18n key), where zod's own texts are English.
    password_min_length: z
      .number({ error: MSG.passwordMinimumRange })
      .int(MSG.passwordMinimumRange)
      .min(PASSWORD_MIN_LENGTH, MSG.passwordMinimumRange)
      .max(PASSWORD_MIN_CONFIGURABLE_MAX, MSG.passwordMinimumRange),
  })
  .partial();
export type ServerSettingsPatch = z.infer<typeof serverSettingsPatchSchema>;

export const ADMIN_PAGE_MAX = 100;
const pageQuery = {
  offset: z.coerce.number<number>().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number<number>().int().min(1).max(ADMIN_PAGE_MAX).default(50),
};

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  login: z.string(),
  is_admin: z.boolean(),
  /** Bots get no password and no admin role; the official bot is never disabled or deleted. */
  is_bot: z.boolean(),
  is_official: z.boolean(),
  disabled: z.boolean(),
  deleted: z.boolean(),
  created_at: z.string(),
  last_active_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserQuerySchema = z.object({
  /** Matches login, username or name (case-insensitive, substring). */
  q: z.string().trim().max(64).optional(),
  ...pageQuery,
});
export type AdminUserQuery = z.input<typeof adminUserQuerySchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserParamsSchema = z.object({ id: idParamSchema });

/** No password: the server makes a temporary one and returns it once. */
export const resetPasswordRequestSchema = z.object({
  password: z
    .string({ error: MSG.incorrectPassword })
    .min(PASSWORD_MIN_LENGTH, MSG.incorrectPassword)
    .max(PASSWORD_MAX_LENGTH, MSG.passwordTooLong)
    .optional(),
});
export const resetPasswordReplySchema = z.object({
  status: z.literal('ok'),
  /** Only when the server chose the password: shown to the admin once, never stored. */
  temporary_password: z.string().optional(),
});
export type ResetPasswordReply = z.infer<typeof resetPasswordReplySchema>;

export const adminRoleRequestSchema = z.object({ is_admin: z.boolean() });

export const inviteSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  expires_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  revoked: z.boolean(),
  /** Not revoked, not expired, uses left. */
  usable: z.boolean(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const INVITE_MAX_USES = 10_000;
export const INVITE_MAX_DAYS = 365;
export const createInviteRequestSchema = z.object({
  max_uses: z.number().int().min(1).max(INVITE_MAX_USES).nullish(),
  expires_in_days: z.number().int().min(1).max(INVITE_MAX_DAYS).nullish(),
});
export type CreateInviteRequest = z.infer<typeof createInviteRequestSchema>;
export const inviteListSchema = z.object({ invites: z.array(inviteSchema) });

export const AUDIT_ACTIONS = [
  'user.disable',
  'user.enable',
  'user.delete',
  'user.sign_out',
  'user.reset_password',
  'user.grant_admin',
  'user.revoke_admin',
  'settings.change',
  'invite.create',
  'invite.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The admin's login, or null when done on the server host (`npm run admin`). */
  actor: z.string().nullable(),
  via: z.enum(['web', 'console']),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string().nullable(),
  detail: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object(pageQuery);
export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
});
