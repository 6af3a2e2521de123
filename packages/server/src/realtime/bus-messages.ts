import { z } from 'zod';
import { conversationEventFrameSchema, userEventFrameSchema } from '@parley/protocol/realtime';

// What travels on the bus between nodes. Parsed on receipt like any input:
// another node may run another version during a rolling deploy.

const typingSchema = z.object({
  kind: z.literal('typing'),
  conversation_id: z.number().int(),
  user_id: z.number().int(),
  state: z.enum(['start', 'stop']),
});

/** On `conv:<id>`: a committed event (the frame as clients get it) or a typing change. */
export const conversationBusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('event'), frame: conversationEventFrameSchema }),
  typingSchema,
]);
export type ConversationBusMessage = z.infer<typeof conversationBusSchema>;
export type TypingBusMessage = z.infer<typeof typingSchema>;

/** On `user:<id>`. */
export const userBusSchema = z.object({ kind: z.literal('event'), frame: userEventFrameSchema });

/**
 * On `presence`: a user came online or went offline (never sent for hidden
 * users). Going offline carries their last-seen time; each socket tells its
 * viewer only what they may know of it (rules/last-seen.ts lastSeenView).
 */
export const presenceBusSchema = z.object({
  user_id: z.number().int(),
  online: z.boolean(),
  last_seen_at: z.string().nullable().optional(),
});

/** On `session:<sid>`: the session was revoked. */
export const sessionBusSchema = z.object({ kind: z.literal('revoked') });
