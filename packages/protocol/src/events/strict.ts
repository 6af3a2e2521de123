import { z } from 'zod';
import { CONVERSATION_EVENT_TYPES, conversationEventStored } from './conversation-events';
import type { ConversationEventStored, ConversationEventType } from './conversation-events';
import { USER_EVENT_TYPES, userEventPayloads } from './user-events';
import type { UserEventStored, UserEventType } from './user-events';

// The strict forms of the event payloads, which the server parses what it
// appends with (Zulip's `extra="forbid"`): an undeclared or wrong field
// throws where the payload is built, inside its transaction. Apart from the
// schemas themselves so that clients, which parse leniently, never build
// these.

const conversationForms = new Map(
  CONVERSATION_EVENT_TYPES.map((t) => [t, z.strictObject(conversationEventStored[t].shape)]),
);
const userForms = new Map(
  USER_EVENT_TYPES.map((t) => [t, z.strictObject(userEventPayloads[t].shape)]),
);

/** Parses a conversation event payload the server is about to append. */
export function strictConversationStored<T extends ConversationEventType>(
  type: T,
  payload: ConversationEventStored<T>,
): ConversationEventStored<T> {
  const schema = conversationForms.get(type);
  if (!schema) throw new Error(`unknown conversation event type ${type}`);
  return schema.parse(payload) as ConversationEventStored<T>;
}

/** Parses a user event payload the server is about to append. */
export function strictUserStored<T extends UserEventType>(
  type: T,
  payload: UserEventStored<T>,
): UserEventStored<T> {
  const schema = userForms.get(type);
  if (!schema) throw new Error(`unknown user event type ${type}`);
  return schema.parse(payload) as UserEventStored<T>;
}
