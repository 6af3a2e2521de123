import { z } from 'zod';
import { MEMBER_ROLES } from '../conversation';
import { blockedUserSchema, memberSchema } from '../member';
import { messageRefSchema, messageSchema } from '../message';
import { reactionSchema } from '../reactions';
import { infoChangeSchema } from '../rules/conversation-info';
import { taskEventPayloads } from './task-events';

// Conversation events (docs/REALTIME.md, "Payloads"): one schema per type.
// - `conversationEventStored`: what the server appends to the conversation's
//   log. The server parses what it appends with the strict form (strict.ts):
//   an undeclared field is a bug of the code that built it, caught there
//   instead of reaching clients.
// - `conversationEventPayloads`: the frame's payload as clients get it, the
//   stored one plus what the publisher loads when it builds the frame (the
//   message, the pinned ref, the new last message). Unknown fields are
//   dropped, never refused: a newer server must not break an older client.

const id = z.number().int().positive();

/**
 * A `message.views` event carries at most this many posts (the newest of
 * those whose count changed): its size stays bounded whatever the reads.
 */
export const CHANNEL_VIEWS_MAX = 100;

export const conversationEventStored = {
  'conversation.created': z.object({ conversation_id: id }),
  'message.new': z.object({ message_id: id }),
  'message.edited': z.object({ message_id: id }),
  /** `user_id`: the sender. `last_message_id` only when the deleted one was the last. */
  'message.deleted': z.object({
    message_id: id,
    user_id: id.nullable(),
    last_message_id: id.nullable().optional(),
  }),
  /** `user_id` read up to `up_to`: others' messages up to it count as viewed. */
  'message.viewed': z.object({ user_id: id, up_to: id }),
  /**
   * A channel's view counts as they were at the event (throttled: at most one
   * per channel per interval, docs/REALTIME.md), for the posts whose count
   * changed since the last one. Counts only grow.
   */
  'message.views': z.object({
    counts: z
      .array(z.object({ message_id: id, views: z.number().int().nonnegative() }))
      .min(1)
      .max(CHANNEL_VIEWS_MAX),
  }),
  /**
   * A message's reactions changed: all of them as they are now (not the
   * change), so applying it twice or late changes nothing.
   */
  'message.reactions': z.object({ message_id: id, reactions: z.array(reactionSchema) }),
  /** The pinned message's id, null when unpinned. */
  'conversation.pinned_message': z.object({ message_id: id.nullable() }),
  /** A member's new public profile (one event in each of their conversations). */
  'user.updated': z.object({
    user_id: id,
    name: z.string(),
    username: z.string(),
    avatar: z.string().nullable(),
    status: z.string().nullable(),
  }),
  'member.joined': z.object({ user_id: id, member: memberSchema.nullable() }),
  'member.left': z.object({ user_id: id }),
  /** Spec 3's reduced record of the removed or blocked user. */
  'member.removed': z.object({
    user_id: id,
    member_status: z.enum(['removed', 'blocked']),
    blocked_user: blockedUserSchema.nullable(),
  }),
  'member.unblocked': z.object({ user_id: id }),
  /** null: the role was taken away. */
  'member.role': z.object({ user_id: id, role: z.enum(MEMBER_ROLES).nullable() }),
  /** The changed fields of the group or channel (the invite token itself never). */
  'conversation.info': infoChangeSchema,
  /** A group's slow mode changed: the seconds between a member's messages, null = off. */
  'conversation.slow_mode': z.object({ slow_mode_seconds: z.number().int().positive().nullable() }),
  // Tasks (events/task-events.ts).
  ...taskEventPayloads,
};

export type ConversationEventType = keyof typeof conversationEventStored;
export const CONVERSATION_EVENT_TYPES = Object.keys(
  conversationEventStored,
) as readonly ConversationEventType[];

/** The stored payload of one conversation event type, as the server builds it. */
export type ConversationEventStored<T extends ConversationEventType> = z.input<
  (typeof conversationEventStored)[T]
>;

const s = conversationEventStored;

/** Each conversation event's payload as a client receives it. */
export const conversationEventPayloads = {
  'conversation.created': s['conversation.created'],
  'message.new': s['message.new'].extend({ message: messageSchema }),
  'message.edited': s['message.edited'].extend({ message: messageSchema }),
  'message.deleted': s['message.deleted'].extend({
    /** With `last_message_id`: the new last Message (null when none is left). */
    last_message: messageSchema.nullable().optional(),
  }),
  'message.viewed': s['message.viewed'],
  'message.views': s['message.views'],
  'message.reactions': s['message.reactions'],
  'conversation.pinned_message': s['conversation.pinned_message'].extend({
    pinned_message: messageRefSchema.nullable(),
  }),
  'user.updated': s['user.updated'],
  'member.joined': s['member.joined'],
  'member.left': s['member.left'],
  'member.removed': s['member.removed'],
  'member.unblocked': s['member.unblocked'],
  'member.role': s['member.role'],
  'conversation.info': s['conversation.info'],
  'conversation.slow_mode': s['conversation.slow_mode'],
  ...taskEventPayloads,
} satisfies Record<ConversationEventType, z.ZodObject>;

export type ConversationEventPayload<T extends ConversationEventType> = z.output<
  (typeof conversationEventPayloads)[T]
>;
export type UserUpdatedPayload = ConversationEventPayload<'user.updated'>;
