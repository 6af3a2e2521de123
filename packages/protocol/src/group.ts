import { z } from 'zod';
import { blockedUserSchema, memberSchema } from './member';
import { invitationPersonSchema } from './group-invitation';
import { conversationSchema } from './conversation';
import { USERNAME_PATTERN } from './auth';
import { GROUP_MEMBERS_MAX, NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from './constants';
import { idParamSchema, idSchema } from './ids';
import { MSG } from './messages';
import { MESSAGING_MSG } from './messaging-texts';
import { ROLES } from './permissions';
import { stripLeadingAt } from './rules/username';

// Groups and channels: the create form of spec 3/5, members and blocked
// users, roles, invite links, joining and the public /to/:username lookup.
// The form arrives as multipart text fields (with an avatar) or as JSON, so
// every field also takes its text form ('1'/'0', a JSON array of ids).

export const GROUP_MSG = {
  nameCantBeEmpty: MESSAGING_MSG.nameCantBeEmpty,
  publicGroupNeedsUsername: 'Public group has to have username',
  publicChannelNeedsUsername: 'Public channel has to have username',
  avatarExtension: MSG.avatarExtension,
  invalidType: 'Choose public or private',
  descriptionTooLong: 'Description is too long',
  invalidMembers: 'Choose members from your contacts',
  notFriends: 'Only people you have a chat with can be added',
  needsConsent: 'This person must accept an invitation to be added',
  channelPostOnly: 'Only the owner and publishers can post in this channel.',
  youBlockedFriend: 'You blocked this user. Unblock them to send messages.',
  friendBlockedYou: 'This user does not accept your messages.',
  removedFromConversation: 'You were removed from this conversation.',
  invalidInvite: 'This invite link is invalid or has been revoked.',
  invitesOff: 'Invitations are turned off for this conversation.',
  notAMember: 'This user is not a member',
  notBlocked: 'This user is not blocked here',
  blockedHere: 'This user is blocked here; unblock them first',
  notYourself: 'You cannot do this to yourself',
  ownLeaveOnly: 'You can only leave for yourself',
  notDirect: 'Only a one-to-one chat has a friend to block',
  inactivityDays: 'Choose between 1 and 365 days, or never',
  inactivityGroupsOnly: 'Only groups have an inactivity limit',
  slowModeChoice: 'Choose an offered interval',
  slowModeGroupsOnly: 'Only groups have slow mode',
  /** 429 of a send in slow mode; `retry_after` holds the seconds left. */
  slowModeWait: 'Slow mode is on.',
} as const;

/**
 * Slow mode's intervals in seconds (a group's slow_mode_seconds is one of
 * them or null): 10 s, 30 s, 1 min, 5 min, 15 min, 1 h.
 */
export const SLOW_MODE_CHOICES = [10, 30, 60, 300, 900, 3600] as const;

export const DESCRIPTION_MAX_LENGTH = 255;
/** A group's max_time_inactive is counted in days (users' own is in months). */
export const GROUP_INACTIVITY_MAX_DAYS = 365;
/**
 * The limits the group info screen offers (days): 1 week, 1 month, 3 months,
 * 6 months, 1 year. The server accepts any whole number of days up to the max.
 */
export const GROUP_INACTIVITY_CHOICES = [7, 30, 90, 180, 365] as const;

const id = z.number().int().positive();

/** '1'/'0', 'true'/'false', 1/0 or a boolean. */
const toggle = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])], {
    error: MSG.invalidToggle,
  })
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** Spec 3: the string 'null' counts as empty. */
const description = z
  .union([z.string(), z.null()])
  .transform((v) => (v === null || v.trim() === '' || v.trim() === 'null' ? null : v.trim()))
  .refine((v) => v === null || v.length <= DESCRIPTION_MAX_LENGTH, GROUP_MSG.descriptionTooLong);

/** A JSON array of ids (its text, in a multipart form) or the array itself. */
const memberIds = z
  .union([z.string(), z.array(z.unknown())], { error: GROUP_MSG.invalidMembers })
  .transform((v, ctx) => {
    let value: unknown = v;
    if (typeof v === 'string') {
      try {
        value = v.trim() === '' ? [] : JSON.parse(v);
      } catch {
        value = null;
      }
    }
    const ids = z.array(idParamSchema).max(GROUP_MEMBERS_MAX).safeParse(value);
    if (!ids.success) {
      ctx.addIssue({ code: 'custom', message: GROUP_MSG.invalidMembers });
      return z.NEVER;
    }
    return [...new Set(ids.data)];
  });

const groupUsername = z
  .string()
  .trim()
  .transform(stripLeadingAt)
  .pipe(
    z.union([
      z.literal(''),
      z
        .string()
        .max(USERNAME_MAX_LENGTH, MSG.usernameTooLong)
        .regex(USERNAME_PATTERN, MSG.incorrectUsername),
    ]),
  );

export type ConversationVisibility = 'public' | 'private';

/**
 * The create form of a group (`group_name`) or a channel (`channel_name`),
 * with spec 5's messages. A public one needs a username; a private one
 * ignores it. The avatar file is checked apart (its name by `avatarNameOk`).
 */
export function createFormSchema(kind: 'group' | 'channel') {
  const needsUsername =
    kind === 'group' ? GROUP_MSG.publicGroupNeedsUsername : GROUP_MSG.publicChannelNeedsUsername;
  const name = z
    .string({ error: GROUP_MSG.nameCantBeEmpty })
    .trim()
    .min(1, GROUP_MSG.nameCantBeEmpty)
    .max(NAME_MAX_LENGTH, MSG.nameTooLong);
  const rest = {
    type: z.enum(['public', 'private'], { error: GROUP_MSG.invalidType }).default('private'),
    username: groupUsername.optional(),
    description: description.optional(),
    member_ids: memberIds.optional(),
    has_tasks: toggle.optional(),
  };
  // Checked on the raw input even when other fields failed, so the form
  // shows every message at once.
  const publicHasUsername = {
    path: ['username'],
    message: needsUsername,
    when: () => true,
  };
  const hasUsername = (raw: { type?: unknown; username?: unknown }) =>
    raw.type !== 'public' ||
    (typeof raw.username === 'string' && stripLeadingAt(raw.username.trim()) !== '');
  // Spec 3: the name field is group_name or channel_name.
  const fields =
    kind === 'group'
      ? z
          .object({ group_name: name, ...rest })
          .refine(hasUsername, publicHasUsername)
          .transform(({ group_name, ...f }) => ({ name: group_name, ...f }))
      : z
          .object({ channel_name: name, ...rest })
          .refine(hasUsername, publicHasUsername)
          .transform(({ channel_name, ...f }) => ({ name: channel_name, ...f }));
  return fields.transform((form) => ({
    name: form.name,
    type: form.type,
    username: form.type === 'public' ? (form.username ?? null) : null,
    description: form.description ?? null,
    member_ids: form.member_ids ?? [],
    has_tasks: form.has_tasks ?? false,
  }));
}
export type CreateForm = z.infer<ReturnType<typeof createFormSchema>>;

/** Spec 5: the avatar's name must end in jpg, jpeg or png, case-insensitive. */
export function avatarNameOk(filename: string): boolean {
  return /\.(jpe?g|png)$/i.test(filename);
}

/** Edit info: any subset; `username` with `type: 'public'`, as in the create form. */
export const editInfoRequestSchema = z
  .object({
    name: z
      .string({ error: GROUP_MSG.nameCantBeEmpty })
      .trim()
      .min(1, GROUP_MSG.nameCantBeEmpty)
      .max(NAME_MAX_LENGTH, MSG.nameTooLong)
      .optional(),
    description: description.optional(),
    type: z.enum(['public', 'private'], { error: GROUP_MSG.invalidType }).optional(),
    username: groupUsername.optional(),
    has_tasks: toggle.optional(),
    max_time_inactive: z
      .number({ error: GROUP_MSG.inactivityDays })
      .int(GROUP_MSG.inactivityDays)
      .min(1, GROUP_MSG.inactivityDays)
      .max(GROUP_INACTIVITY_MAX_DAYS, GROUP_MSG.inactivityDays)
      .nullable()
      .optional(),
  })
  .strict();
export type EditInfoRequest = z.infer<typeof editInfoRequestSchema>;

/** POST /user/conversations/:id/slow-mode: one of SLOW_MODE_CHOICES, or null for off. */
export const slowModeRequestSchema = z
  .object({
    slow_mode_seconds: z
      .number({ error: GROUP_MSG.slowModeChoice })
      .int(GROUP_MSG.slowModeChoice)
      .refine((n) => (SLOW_MODE_CHOICES as readonly number[]).includes(n), GROUP_MSG.slowModeChoice)
      .nullable(),
  })
  .strict();
export type SlowModeRequest = z.infer<typeof slowModeRequestSchema>;

export const membersQuerySchema = z.object({
  limit: z.coerce.number<number>().int().min(1).max(200).default(100),
  /** A user id: the page after it (members are ordered by user id). */
  after: idParamSchema.optional(),
});

export const membersReplySchema = z.object({
  members: z.array(memberSchema),
  /** Everyone blocked or removed (on the first page only; empty on later pages). */
  blocked_users: z.array(blockedUserSchema),
  members_count: z.number().int(),
  next_after: id.nullable(),
});
export type MembersReply = z.infer<typeof membersReplySchema>;

export const memberParamsSchema = z.object({
  id: idParamSchema,
  user_id: idParamSchema,
});

export const addMembersRequestSchema = z.object({
  user_ids: z.array(idSchema, { error: GROUP_MSG.invalidMembers }).min(1).max(GROUP_MEMBERS_MAX),
});
export const addMembersReplySchema = z.object({
  status: z.literal('ok'),
  members: z.array(memberSchema),
  /** Those who must consent first (rules/group-consent.ts): each got an invitation instead. */
  invited: z.array(invitationPersonSchema),
});

/**
 * POST /user/groups/create and /user/channels/create: the new conversation,
 * and the people named in member_ids who got an invitation instead of a seat.
 */
export const createReplySchema = conversationSchema.extend({
  invited: z.array(invitationPersonSchema),
});
export type CreateReply = z.infer<typeof createReplySchema>;

/** Spec 4: unblocking adds the user back to members only when asked (`add`). */
export const unblockRequestSchema = z.object({ add: z.boolean().default(false) }).default({
  add: false,
});
export const unblockReplySchema = z.object({
  status: z.literal('ok'),
  member: memberSchema.nullable(),
});

/** Spec 7: POST /user/groups/leave; user_id, when given, must be the caller. */
export const leaveRequestSchema = z.object({
  conversation_id: idSchema,
  user_id: idSchema.optional(),
});

/** Spec 7: POST /user/role. 'member' (or null) takes the role away; 'owner' hands ownership on. */
export const roleRequestSchema = z.object({
  conversation_id: idSchema,
  user_id: idSchema,
  role: z.enum([...ROLES]).nullable(),
});

export const invitationReplySchema = z.object({
  status: z.literal('ok'),
  invitation_token: z.string().nullable(),
  allow_invitation: z.boolean(),
});
export const allowInvitationRequestSchema = z.object({ allow_invitation: z.boolean() });

/** What a visitor sees before joining: no member list. */
export const previewSchema = z.object({
  id,
  type: z.enum(['group', 'channel']),
  name: z.string().nullable(),
  username: z.string().nullable(),
  description: z.string().nullable(),
  avatar: z.string().nullable(),
  members_count: z.number().int(),
  /** The caller is already a member (then the join page opens the chat). */
  is_member: z.boolean(),
});
export type ConversationPreview = z.infer<typeof previewSchema>;

export const joinTokenParamsSchema = z.object({ join_token: z.string().min(1).max(64) });
export const joinByUsernameRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(USERNAME_MAX_LENGTH + 1)
    .transform(stripLeadingAt),
});

/** GET /to/:username: a user (their direct chat) or a public group or channel. */
export const toLookupReplySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('user'),
    user: z.object({ id, name: z.string(), username: z.string(), avatar: z.string().nullable() }),
  }),
  z.object({ kind: z.literal('conversation'), conversation: previewSchema }),
]);
export type ToLookupReply = z.infer<typeof toLookupReplySchema>;
export const usernameParamsSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(USERNAME_MAX_LENGTH + 1)
    .transform(stripLeadingAt),
});
