import { z } from 'zod';
import { errorBodySchema } from './errors';
import { idSchema, seqSchema } from './ids';
import { messageSchema } from './message';
import { LAST_SEEN_BUCKETS } from './rules/last-seen';
import { conversationEventPayloads } from './events/conversation-events';
import type { ConversationEventType } from './events/conversation-events';
import { userEventPayloads } from './events/user-events';
import type { UserEventType } from './events/user-events';

// The WebSocket contract (GET /api/v1/ws). Every frame is one JSON object
// discriminated by `op`. The protocol version is checked on `hello`: a client
// older or newer than the server gets `version_mismatch` and should reload
// (an old tab must not misbehave against a new server, or the reverse).
// See docs/REALTIME.md for the resume rules and ordering guarantees.

/** Bumped on any incompatible change to the frames below. */
export const REALTIME_PROTOCOL_VERSION = 1;

/** Resume: a conversation further behind than this gets `refetch` instead of a backlog. */
export const RESUME_MAX_EVENTS = 500;

/**
 * Sends a socket may have waiting for their reply; one more is refused with
 * 429 (the client sends one at a time anyway, or falls back to HTTP).
 */
export const SOCKET_SENDS_MAX_PENDING = 32;
/**
 * The `retry_after` of that 429: the window drains as the pending sends
 * commit (milliseconds each), so one second is enough to find room.
 */
export const SOCKET_SENDS_RETRY_AFTER_SECONDS = 1;

/** Close codes the client acts on. */
export const WS_CLOSE = {
  /** Server shutting down: reconnect (with resume) after a short delay. */
  goingAway: 1001,
  /** The server's database is unreachable for now (a restart): reconnect with back-off. */
  tryAgainLater: 1013,
  /** Unauthenticated, expired or revoked: refresh the token (or sign in), then reconnect. */
  unauthenticated: 4001,
  /** The protocol version does not match: reload the app. */
  versionMismatch: 4002,
  /** A frame that breaks the contract. */
  badFrame: 4003,
  /** The client read too slowly: reconnect and resume. */
  slowConsumer: 4008,
  /**
   * The user already has as many sockets open as the server allows
   * (MAX_SOCKETS_PER_USER): this new one is refused, those open stay. Retry
   * with the usual backoff; one closes when a tab or device goes.
   */
  tooManySockets: 4029,
} as const;

const id = z.number().int().positive();

// ---- client → server -------------------------------------------------------

export const helloFrameSchema = z.object({
  op: z.literal('hello'),
  v: z.number().int(),
  token: z.string().min(1),
  /** The last user-event seq the client applied (0: none). */
  user_seq: seqSchema,
  /** conversation id → the last conversation-event seq applied. Unlisted: no backlog. */
  conversations: z.record(z.string().regex(/^\d{1,10}$/), seqSchema),
});

export const clientFrameSchema = z.discriminatedUnion('op', [
  helloFrameSchema,
  /** A fresh access token after a refresh; the socket stays open. */
  z.object({ op: z.literal('auth'), token: z.string().min(1) }),
  z.object({
    op: z.literal('typing'),
    conversation_id: idSchema,
    state: z.enum(['start', 'stop']),
  }),
  z.object({ op: z.literal('ping') }),
  /**
   * The tab is on screen or not (document.visibilityState). Sent after
   * `ready`, on each change, and each minute while visible: Web Push skips
   * a device with a visible tab (docs/PUSH.md).
   */
  z.object({ op: z.literal('visibility'), visible: z.boolean() }),
  /**
   * A message sent over the socket: `body` is exactly POST /user/messages'
   * request, with its rules. It is checked when it is handled, so a bad body
   * gets a `send_failed` 422 rather than closing the socket; `ref` (the
   * client's own name for the request) comes back in the reply.
   */
  z.object({
    op: z.literal('send'),
    ref: z.string().min(1).max(64),
    body: z.record(z.string(), z.unknown()),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type HelloFrame = z.infer<typeof helloFrameSchema>;

// ---- events ------------------------------------------------------------------
// Payloads: events/conversation-events.ts and events/user-events.ts, one
// schema per type. A frame is parsed by its `type`.

const conversationEventBase = {
  op: z.literal('event'),
  scope: z.literal('conversation'),
  conversation_id: id,
  seq: id,
};

const conversationFrame = <T extends ConversationEventType>(type: T) =>
  z.object({
    ...conversationEventBase,
    type: z.literal(type),
    payload: conversationEventPayloads[type],
  });

export const conversationEventFrameSchema = z.discriminatedUnion('type', [
  conversationFrame('conversation.created'),
  conversationFrame('message.new'),
  conversationFrame('message.edited'),
  conversationFrame('message.deleted'),
  conversationFrame('message.viewed'),
  conversationFrame('message.views'),
  conversationFrame('message.reactions'),
  conversationFrame('conversation.pinned_message'),
  conversationFrame('user.updated'),
  // Groups and channels (docs/REALTIME.md, "Membership events").
  conversationFrame('member.joined'),
  conversationFrame('member.left'),
  conversationFrame('member.removed'),
  conversationFrame('member.unblocked'),
  conversationFrame('member.role'),
  conversationFrame('conversation.info'),
  conversationFrame('conversation.slow_mode'),
  // Tasks (docs/REALTIME.md, "Task events").
  conversationFrame('task_group.created'),
  conversationFrame('task_group.updated'),
  conversationFrame('task_group.deleted'),
  conversationFrame('task.created'),
  conversationFrame('task.updated'),
  conversationFrame('task.deleted'),
  conversationFrame('subtask.created'),
  conversationFrame('subtask.updated'),
  conversationFrame('subtask.deleted'),
]);
export type ConversationEventFrame = z.infer<typeof conversationEventFrameSchema>;

const userEventBase = {
  op: z.literal('event'),
  scope: z.literal('user'),
  seq: id,
};

const userFrame = <T extends UserEventType>(type: T) =>
  z.object({ ...userEventBase, type: z.literal(type), payload: userEventPayloads[type] });

export const userEventFrameSchema = z.discriminatedUnion('type', [
  userFrame('conversation.joined'),
  userFrame('conversation.restored'),
  userFrame('conversation.updated'),
  userFrame('conversation.read'),
  userFrame('conversation.cleared'),
  userFrame('conversation.deleted'),
  userFrame('message.hidden'),
  userFrame('folders.changed'),
  userFrame('settings.changed'),
  userFrame('invitation.received'),
  userFrame('invitation.closed'),
  userFrame('task.assigned'),
  userFrame('bot.callback_answer'),
]);
export type UserEventFrame = z.infer<typeof userEventFrameSchema>;

/** A conversation event frame of one type. */
export type ConversationFrameOf<T extends ConversationEventType> = Extract<
  ConversationEventFrame,
  { type: T }
>;
/** A user event frame of one type. */
export type UserFrameOf<T extends UserEventType> = Extract<UserEventFrame, { type: T }>;

// ---- server → client -------------------------------------------------------

const eventFrameSchema = z.union([conversationEventFrameSchema, userEventFrameSchema]);

export const serverFrameSchema = z.union([
  z.object({ op: z.literal('ready'), user_id: id, online_user_ids: z.array(id) }),
  eventFrameSchema,
  /** Too far behind (or an unknown seq): fetch this state again over HTTP. */
  z.object({
    op: z.literal('refetch'),
    scope: z.enum(['conversation', 'user']),
    conversation_id: id.optional(),
  }),
  z.object({
    op: z.literal('typing'),
    conversation_id: id,
    user_id: id,
    state: z.enum(['start', 'stop']),
  }),
  /**
   * A contact came or went. Going offline carries what the viewer may know
   * of the time (rules/last-seen.ts lastSeenView): the time, or its bucket.
   */
  z.object({
    op: z.literal('presence'),
    user_id: id,
    online: z.boolean(),
    last_seen_at: z.string().nullable().optional(),
    last_seen: z.enum(LAST_SEEN_BUCKETS).nullable().optional(),
  }),
  z.object({ op: z.literal('error'), message: z.string() }),
  z.object({ op: z.literal('version_mismatch'), server_v: z.number().int() }),
  z.object({ op: z.literal('pong') }),
  /** A `send` committed: the message as POST /user/messages would return it. */
  z.object({ op: z.literal('sent'), ref: z.string(), message: messageSchema }),
  /** A `send` refused: the status and body POST /user/messages would answer. */
  z.object({
    op: z.literal('send_failed'),
    ref: z.string(),
    status: z.number().int(),
    error: errorBodySchema,
  }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
