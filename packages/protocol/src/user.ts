import { z } from 'zod';
import { idParamSchema } from './ids';
import { WHO_CAN_ADD } from './rules/group-consent';

/**
 * The User of spec section 3, as far as it exists so far. Wallet and
 * subscription fields arrive with their own issue. Never carries a
 * password hash: replies are serialized through this schema, which drops
 * undeclared fields.
 */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  login: z.string(),
  status: z.string().nullable(),
  timezone: z.string(),
  avatar: z.string().nullable(),
  secret_exists: z.boolean(),
  /** Shown on the lock screen of paranoid mode; null when none was given. */
  secret_hint: z.string().nullable(),
  notifications: z.boolean(),
  paranoid: z.boolean(),
  muted: z.boolean(),
  hide_status: z.boolean(),
  allow_search: z.boolean(),
  load_links: z.boolean(),
  /** Months of inactivity after which the account is deleted; null = never. */
  max_time_inactive: z.number().int().nullable(),
  /** Who may add the user to groups without an invitation (rules/group-consent.ts). */
  who_can_add: z.enum(WHO_CAN_ADD),
  /** Permission list, checked one permission at a time (spec 6). */
  can: z.array(z.string()),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** One signed-in device, for the active-sessions settings screen. */
export const sessionSchema = z.object({
  id: z.number().int(),
  /** English ("Chrome on Android"); clients compose their own from browser and os. */
  device: z.string(),
  /** Brand names read from the session's User-Agent (rules/user-agent.ts); null when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionIdParamsSchema = z.object({ id: idParamSchema });

/** Does the user hold this permission? (spec 6: checked one at a time) */
export function userCan(user: Pick<User, 'can'> | null | undefined, permission: string): boolean {
  return user?.can.includes(permission) ?? false;
}
