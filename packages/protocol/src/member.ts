import { z } from 'zod';

// A member of a group or channel as other members see them (spec 3), apart
// from the rest of groups' schemas: the realtime events carry these, and a
// client parses every event from the first screen on.

const id = z.number().int().positive();

/** Spec 3: a blocked user's reduced record. */
export const blockedUserSchema = z.object({
  id,
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  is_official: z.boolean(),
  /** A bot account (docs/BOTS.md); optional so that older payloads still parse. */
  is_bot: z.boolean().optional(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

/** Where a former or present member stands; 'member' is the only one with access. */
export const MEMBER_STATUSES = ['member', 'left', 'removed', 'blocked'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Spec 3: a member, with the pivot fields other members may see. */
export const memberSchema = blockedUserSchema.extend({
  pivot: z.object({
    role: z.enum(['owner', 'moderator', 'publisher']).nullable(),
    user_id: id,
    blocked: z.boolean(),
    member_status: z.enum(MEMBER_STATUSES),
    last_read_message_id: id.nullable(),
  }),
});
export type Member = z.infer<typeof memberSchema>;
