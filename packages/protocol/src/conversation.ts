import { z } from 'zod';
import { keyboardOptionsSchema } from './bot-markup';
import { idParamSchema, idSchema } from './ids';
import { CONVERSATION_PAGE_DEFAULT, CONVERSATION_PAGE_MAX, USERNAME_MAX_LENGTH } from './constants';
import { messageRefSchema, senderSchema } from './message';
import { stripLeadingAt } from './rules/username';
import { taskGroupSchema } from './tasks';

// The Conversation and its per-user link ("pivot") of spec section 3, as far
// as they exist in this slice. Group admin, channels, folders and tasks add
// fields with their own issues.

const id = z.number().int();

export const CONVERSATION_TYPES = ['direct', 'group', 'channel', 'saved', 'system'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

export const MEMBER_ROLES = ['owner', 'moderator', 'publisher'] as const;

/** Limits of a custom keyboard (spec 4 Keyboard): rows of buttons, each a short text. */
export const KEYBOARD_LIMITS = { rows: 8, buttonsPerRow: 6, buttonLength: 64 } as const;

/**
 * Spec 3/4: the pivot's custom keyboard, rows of button texts shown in place
 * of typing (a tap sends the button's text). Set through the API; bots and
 * integrations are its users.
 */
export const keyboardSchema = z
  .array(
    z
      .array(z.string().trim().min(1).max(KEYBOARD_LIMITS.buttonLength))
      .min(1)
      .max(KEYBOARD_LIMITS.buttonsPerRow),
  )
  .min(1)
  .max(KEYBOARD_LIMITS.rows);
export type Keyboard = z.infer<typeof keyboardSchema>;

export const keyboardRequestSchema = z.object({ keyboard: keyboardSchema.nullable() });

export const pivotSchema = z.object({
  muted: z.boolean(),
  blocked: z.boolean(),
  pinned: z.boolean(),
  hidden: z.boolean(),
  new_messages: z.number().int(),
  mentioned_message_id: id.nullable(),
  last_read_message_id: id.nullable(),
  /** Messages with id <= cleared are hidden for this user; 0 = never cleared. */
  cleared: z.number().int(),
  folder_id: id.nullable(),
  notifications: z.boolean(),
  keyboard: keyboardSchema.nullable(),
  /** How a bot's reply keyboard shows (bot-markup.ts); null or absent: the plain keyboard. */
  keyboard_options: keyboardOptionsSchema.nullable().optional(),
  role: z.enum(MEMBER_ROLES).nullable(),
});
export type Pivot = z.infer<typeof pivotSchema>;

/** The other person of a direct conversation; pivot.blocked is their link's flag. */
export const friendSchema = z.object({
  id,
  name: z.string(),
  avatar: z.string().nullable(),
  status: z.string().nullable(),
  pivot: z.object({ blocked: z.boolean() }),
  /** A bot account (docs/BOTS.md); optional for cached conversations. */
  is_bot: z.boolean().optional(),
  /** An official account (spec 6), such as the built-in bot that makes bots. */
  is_official: z.boolean().optional(),
});
export type Friend = z.infer<typeof friendSchema>;

export const lastMessageSchema = z.object({
  id,
  message: z.string(),
  type: z.string(),
  created_at: z.string(),
  user_id: id.nullable(),
  sender: senderSchema,
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

export const conversationSchema = z.object({
  id,
  type: z.enum(CONVERSATION_TYPES),
  name: z.string().nullable(),
  /** The stored string 'null' is sent as null (spec 3). */
  description: z.string().nullable(),
  avatar: z.string().nullable(),
  created_at: z.string(),
  /** Time of the last message, null when there is none; the list sorts on it else created_at. */
  last_message_at: z.string().nullable(),
  is_group: z.boolean(),
  is_channel: z.boolean(),
  is_saved: z.boolean(),
  is_system: z.boolean(),
  is_secret: z.boolean(),
  is_official: z.boolean(),
  /** Spec 3: a direct chat with a bot; with_own_bot: with a bot the caller owns. Always sent. */
  with_bot: z.boolean().optional(),
  with_own_bot: z.boolean().optional(),
  friend: friendSchema.nullable(),
  pinned_message: messageRefSchema.nullable(),
  current_user: z.object({ last_message: lastMessageSchema.nullable() }),
  pivot: pivotSchema,
  /** The conversation's event sequence at the time of this read (realtime resumes from it). */
  last_seq: z.number().int(),
  // Groups and channels (docs/PERMISSIONS.md). Optional in the schema so that
  // older cached conversations still parse; the server always sends them.
  /** A public group or channel's username (/to/:username); null when private. */
  username: z.string().nullable().optional(),
  /** Present members; a channel's subscriber count. */
  members_count: z.number().int().optional(),
  allow_invitation: z.boolean().optional(),
  /** Only for members who may manage invites; null for everyone else. */
  invitation_token: z.string().nullable().optional(),
  has_tasks: z.boolean().optional(),
  /**
   * Spec 3: the conversation's task groups, each with its tasks and their
   * checklists, in order (tasks.ts TaskGroup, the board's task_groups); []
   * where the caller may not see tasks (System). Sent by the single read
   * (POST /user/conversation) only: a board can be megabytes, so list pages
   * and other replies leave it out, and the list state keeps none
   * (sync/list-reducers.ts): the Tasks panel reads and follows the board.
   */
  task_groups: z.array(taskGroupSchema).optional(),
  /** Tasks: task changes are posted in the chat as service lines (tasks.ts). */
  task_service_lines: z.boolean().optional(),
  /** Channels only: the stable identity posts are published under. */
  publisher_hash: z.string().nullable().optional(),
  /** Groups only: days without activity after which a member is removed; null = never. */
  max_time_inactive: z.number().int().nullable().optional(),
  /**
   * Groups only: slow mode, the seconds a member waits between two messages
   * (moderators and the owner do not); null = off (group.ts, SLOW_MODE_CHOICES).
   */
  slow_mode_seconds: z.number().int().positive().nullable().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

const flag01 = z
  .union([z.boolean(), z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .transform((v) => v === true || v === '1' || v === 'true');

export const conversationListQuerySchema = z.object({
  limit: z.coerce
    .number<number>()
    .int()
    .min(1)
    .max(CONVERSATION_PAGE_MAX)
    .default(CONVERSATION_PAGE_DEFAULT),
  /** Opaque; the next_cursor of the previous page. */
  before_cursor: z.string().max(100).optional(),
  include_hidden: flag01.optional(),
  /** Only the hidden conversations: the archive (rules/archive.ts). */
  hidden_only: flag01.optional(),
  /** Only the conversations in this folder of the caller's (folder.ts); another id: none. */
  folder_id: idParamSchema.optional(),
});

export const conversationListSchema = z.object({
  conversations: z.array(conversationSchema),
  /** Pass as before_cursor for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /**
   * First page only: the caller's user-event seq, read before the page, so
   * the page reflects at least every user event up to it. A client starts
   * its socket's resume there instead of replaying old events.
   */
  user_seq: z.number().int().nonnegative().optional(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationRequestSchema = z.object({
  conversation_id: idSchema,
  /**
   * false: leave `task_groups` out (a client that refetches a conversation
   * for its list and follows the board elsewhere, as the web does).
   */
  task_groups: z.boolean().optional(),
});
export const conversationParamsSchema = z.object({ id: idParamSchema });

export const directRequestSchema = z.union([
  z.object({ user_id: idSchema }),
  z.object({
    username: z
      .string()
      .trim()
      .min(1)
      .max(USERNAME_MAX_LENGTH + 1)
      .transform(stripLeadingAt),
  }),
]);
export type DirectRequest = z.infer<typeof directRequestSchema>;

/** Body of pin / mute / hide. */
export const flagRequestSchema = z.object({ value: z.boolean() });

/** Per-conversation notifications (spec 4: on the pivot of the target conversation). */
export const conversationNotificationsRequestSchema = z.object({ status: z.boolean() });

export const pinnedMessageRequestSchema = z.object({ message_id: idSchema.nullable() });
export const pinnedMessageReplySchema = z.object({
  status: z.literal('ok'),
  pinned_message: messageRefSchema.nullable(),
});

export const unreadReplySchema = z.object({ count: z.number().int() });

export const userSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(64) });
export const userSearchReplySchema = z.object({
  users: z.array(
    z.object({
      id,
      name: z.string(),
      username: z.string(),
      avatar: z.string().nullable(),
      is_bot: z.boolean().optional(),
      is_official: z.boolean().optional(),
    }),
  ),
});
export type UserSearchReply = z.infer<typeof userSearchReplySchema>;
