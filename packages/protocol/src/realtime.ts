import { z } from 'zod';
import { errorBodySchema } from './errors';
import { messageSchema } from './message';
import { userSchema } from './user';

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

/** Close codes the client acts on. */
export const WS_CLOSE = {
  /** Server shutting down: reconnect (with resume) after a short delay. */
  goingAway: 1001,
  /** Unauthenticated, expired or revoked: refresh the token (or sign in), then reconnect. */
  unauthenticated: 4001,
  /** The protocol version does not match: reload the app. */
  versionMismatch: 4002,
  /** A frame that breaks the contract. */
  badFrame: 4003,
  /** The client read too slowly: reconnect and resume. */
  slowConsumer: 4008,
} as const;

const id = z.number().int().positive();
const seq = z.number().int().nonnegative();

// ---- client → server -------------------------------------------------------

export const helloFrameSchema = z.object({
  op: z.literal('hello'),
  v: z.number().int(),
  token: z.string().min(1),
  /** The last user-event seq the client applied (0: none). */
  user_seq: seq,
  /** conversation id → the last conversation-event seq applied. Unlisted: no backlog. */
  conversations: z.record(z.string().regex(/^\d{1,10}$/), seq),
});

export const clientFrameSchema = z.discriminatedUnion('op', [
  helloFrameSchema,
  /** A fresh access token after a refresh; the socket stays open. */
  z.object({ op: z.literal('auth'), token: z.string().min(1) }),
  z.object({
    op: z.literal('typing'),
    conversation_id: id,
    state: z.enum(['start', 'stop']),
  }),
  z.object({ op: z.literal('ping') }),
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

/** message.new and message.edited carry the whole message, so no fetch is needed. */
const messagePayloadSchema = z.object({ message_id: id, message: messageSchema });

const conversationEventBase = {
  op: z.literal('event'),
  scope: z.literal('conversation'),
  conversation_id: id,
  seq: id,
};

/**
 * A member changed their public profile: every conversation they are in gets
 * one event. Loose: later fields must not break older clients.
 */
export const userUpdatedPayloadSchema = z.looseObject({
  user_id: id,
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  status: z.string().nullable(),
});
export type UserUpdatedPayload = z.infer<typeof userUpdatedPayloadSchema>;

export const conversationEventFrameSchema = z.discriminatedUnion('type', [
  z.object({
    ...conversationEventBase,
    type: z.literal('user.updated'),
    payload: userUpdatedPayloadSchema,
  }),
  z.object({
    ...conversationEventBase,
    type: z.enum(['message.new', 'message.edited']),
    payload: messagePayloadSchema,
  }),
  z.object({
    ...conversationEventBase,
    type: z.enum([
      'conversation.created',
      'message.deleted',
      'message.viewed',
      'conversation.pinned_message',
      // Groups and channels (docs/REALTIME.md, "Membership events").
      'member.joined',
      'member.left',
      'member.removed',
      'member.unblocked',
      'member.role',
      'conversation.info',
    ]),
    payload: z.record(z.string(), z.unknown()),
  }),
]);
export type ConversationEventFrame = z.infer<typeof conversationEventFrameSchema>;

/**
 * The signed-in user's own settings changed, on any of their devices: the
 * fields the call set, as stored (spec 3's User names them). Only that user's
 * sessions get it, through the user event log, so a device that was away
 * gets it on resume.
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
  })
  .partial();
/** Loose: a later setting must not break an older client, which applies what it knows. */
export const settingsChangedPayloadSchema = settingsFieldsSchema.loose();
export type SettingsChangedPayload = z.infer<typeof settingsChangedPayloadSchema>;

const userEventBase = {
  op: z.literal('event'),
  scope: z.literal('user'),
  seq: id,
};

export const userEventFrameSchema = z.discriminatedUnion('type', [
  z.object({
    ...userEventBase,
    type: z.literal('settings.changed'),
    payload: settingsChangedPayloadSchema,
  }),
  z.object({
    ...userEventBase,
    type: z.enum([
      'conversation.joined',
      'conversation.updated',
      'conversation.read',
      'conversation.cleared',
      'conversation.deleted',
      'conversation.restored',
      'message.hidden',
      // The caller's conversation folders (folder.ts): payload {folders}, the whole list.
      'folders.changed',
    ]),
    payload: z.record(z.string(), z.unknown()),
  }),
]);
export type UserEventFrame = z.infer<typeof userEventFrameSchema>;

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
  z.object({ op: z.literal('presence'), user_id: id, online: z.boolean() }),
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
