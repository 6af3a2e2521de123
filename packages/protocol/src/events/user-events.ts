import { z } from 'zod';
import { keyboardOptionsSchema } from '../bot-markup';
import { MEMBER_ROLES, keyboardSchema } from '../conversation';
import { folderSchema } from '../folder';
import { groupInvitationSchema, INVITATION_OUTCOMES } from '../group-invitation';
import { userSchema } from '../user';

// User events (docs/REALTIME.md, "Payloads"): the signed-in user's own links
// to conversations, folders and settings, one schema per type. They carry
// everything they change, so the stored payload is the frame's payload. As
// for conversation events, the server parses what it appends with the strict
// form and clients drop fields they do not know.

const id = z.number().int().positive();
/** A stored 0/1 flag of the pivot. */
const flag = z.union([z.literal(0), z.literal(1)]);

/**
 * The signed-in user's own settings a call set, as stored (spec 3's User
 * names them). Only that user's sessions get it.
 */
export const settingsFieldsSchema = userSchema
  .pick({
    timezone: true,
    secret_exists: true,
    secret_hint: true,
    notifications: true,
    paranoid: true,
    muted: true,
    hide_status: true,
    allow_search: true,
    load_links: true,
    max_time_inactive: true,
    who_can_add: true,
  })
  .partial();

export const userEventPayloads = {
  'conversation.joined': z.object({ conversation_id: id }),
  /** A deleted-for-me chat is back (a new message revived it). */
  'conversation.restored': z.object({ conversation_id: id }),
  /**
   * A change of the caller's link: pivot flags as 0/1, `friend_blocked` (the
   * friend of a direct chat blocked or unblocked the caller), `role` (the
   * caller's role changed), `folder_id`, `keyboard`, or `deleted: 0` (reopened).
   */
  'conversation.updated': z.object({
    conversation_id: id,
    pinned: flag.optional(),
    muted: flag.optional(),
    hidden: flag.optional(),
    notifications: flag.optional(),
    blocked: flag.optional(),
    friend_blocked: flag.optional(),
    role: z.enum(MEMBER_ROLES).nullable().optional(),
    folder_id: id.nullable().optional(),
    keyboard: keyboardSchema.nullable().optional(),
    /** Sent with every `keyboard` change: a bot's options, or null. */
    keyboard_options: keyboardOptionsSchema.nullable().optional(),
    deleted: z.literal(0).optional(),
  }),
  /** The link's read marks as stored (null, not 0, while nothing was ever read). */
  'conversation.read': z.object({
    conversation_id: id,
    last_read_message_id: id.nullable(),
    new_messages: z.number().int().nonnegative(),
    mentioned_message_id: id.nullable(),
  }),
  'conversation.cleared': z.object({
    conversation_id: id,
    cleared: z.number().int().nonnegative(),
    new_messages: z.literal(0),
    mentioned_message_id: z.null(),
  }),
  /** `member_status` when the caller left, or was removed or blocked from, a group or channel. */
  'conversation.deleted': z.object({
    conversation_id: id,
    cleared: z.number().int().nonnegative(),
    new_messages: z.number().int().nonnegative(),
    mentioned_message_id: id.nullable(),
    deleted: z.literal(1),
    pinned: z.literal(0),
    member_status: z.enum(['left', 'removed', 'blocked']).optional(),
  }),
  'message.hidden': z.object({ conversation_id: id, message_id: id }),
  /** The caller's whole folder list after a create, rename, reorder or delete. */
  'folders.changed': z.object({ folders: z.array(folderSchema) }),
  'settings.changed': settingsFieldsSchema,
  /** Someone asked the user into a group or channel; the user accepts or declines. */
  'invitation.received': z.object({ invitation: groupInvitationSchema }),
  /** An invitation is no longer open: accepted or declined (on any device), or withdrawn. */
  'invitation.closed': z.object({
    invitation_id: id,
    conversation_id: id,
    outcome: z.enum(INVITATION_OUTCOMES),
  }),
  /**
   * The in-app notification of an assignee: someone else assigned them a
   * task (the board itself changes through the conversation's task events).
   */
  'task.assigned': z.object({
    conversation_id: id,
    task_id: id,
    title: z.string(),
    by_user_id: id,
  }),
  /**
   * A bot answered the caller's press of an inline button
   * (answerCallbackQuery): `text` as a toast, or as an alert when
   * `show_alert`; `url` for the client to offer opening. Only the presser gets it.
   */
  'bot.callback_answer': z.object({
    conversation_id: id,
    message_id: id,
    query_id: z.string(),
    text: z.string().nullable(),
    show_alert: z.boolean(),
    url: z.string().nullable(),
  }),
} satisfies Record<string, z.ZodObject>;

export type UserEventType = keyof typeof userEventPayloads;
export const USER_EVENT_TYPES = Object.keys(userEventPayloads) as readonly UserEventType[];

/** A user event's payload as the server builds it. */
export type UserEventStored<T extends UserEventType> = z.input<(typeof userEventPayloads)[T]>;
export type UserEventPayload<T extends UserEventType> = z.output<(typeof userEventPayloads)[T]>;
export type SettingsChangedPayload = UserEventPayload<'settings.changed'>;
