import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import { LAST_SEEN_BUCKETS } from './rules/last-seen';

// A person as another user sees them on their profile panel (issue 23):
// GET /user/users/:id and the groups both are members of. Only for someone
// who shares a conversation with the caller; anyone else is a 404.

export const userIdParamsSchema = z.object({ id: idParamSchema });

export const profileSchema = z.object({
  id: idSchema,
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  status: z.string().nullable(),
  is_bot: z.boolean(),
  is_official: z.boolean(),
  /** What the caller may know of the last-seen time (rules/last-seen.ts lastSeenView). */
  last_seen_at: z.string().nullable(),
  last_seen: z.enum(LAST_SEEN_BUCKETS).nullable(),
  /** The direct chat of the caller with this person, if there is one. */
  direct_conversation_id: idSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A group both are members of: what the list on the profile shows. */
export const commonGroupSchema = z.object({
  id: idSchema,
  name: z.string(),
  avatar: z.string().nullable(),
  members_count: z.number().int(),
});
export type CommonGroup = z.infer<typeof commonGroupSchema>;

export const commonGroupsReplySchema = z.object({ groups: z.array(commonGroupSchema) });
export type CommonGroupsReply = z.infer<typeof commonGroupsReplySchema>;
