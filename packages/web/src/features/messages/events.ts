import { z } from 'zod';
import type { Message } from '@parley/protocol/message';
import type { ConversationEventFrame, UserEventFrame } from '@parley/protocol/realtime';
import { applyCleared, applyDeleted, applyMessage, applySenderName, applyViewed } from './reducers';
import type { MessagesState } from './reducers';

// What changes message history: our own HTTP replies (MessageEvent) and the
// realtime gateway's frames (applyMessageFrame). Both end in the same pure
// reducers; every one of them is idempotent (by id and uuid), so an event
// that arrives twice (echo of our send, resume backlog) changes nothing.

export type MessageEvent =
  | { type: 'message.new'; message: Message }
  | { type: 'message.edited'; message: Message }
  | { type: 'message.deleted'; conversation_id: number; message_id: number }
  | { type: 'read'; conversation_id: number; user_id: number; message_id: number; self: boolean };

export function applyMessageEvent(state: MessagesState, event: MessageEvent): MessagesState {
  switch (event.type) {
    case 'message.new':
    case 'message.edited':
      return applyMessage(state, event.message);
    case 'message.deleted':
      return applyDeleted(state, event.conversation_id, event.message_id);
    case 'read':
      return event.self ? state : applyViewed(state, event.conversation_id, event.message_id);
  }
}

const messageIdPayload = z.object({ message_id: z.number().int().positive() });
const viewedPayload = z.object({ user_id: z.number().int(), up_to: z.number().int() });
const hiddenPayload = z.object({
  conversation_id: z.number().int().positive(),
  message_id: z.number().int().positive(),
});
const clearedPayload = z.object({
  conversation_id: z.number().int().positive(),
  cleared: z.number().int(),
});

/** A realtime frame on history. `ownId`: views by ourselves do not mark our messages read. */
export function applyMessageFrame(
  state: MessagesState,
  frame: ConversationEventFrame | UserEventFrame,
  ownId: number | null,
): MessagesState {
  if (frame.scope === 'conversation') {
    switch (frame.type) {
      case 'message.new':
      case 'message.edited':
        return applyMessage(state, frame.payload.message);
      case 'message.deleted': {
        const p = messageIdPayload.safeParse(frame.payload);
        return p.success ? applyDeleted(state, frame.conversation_id, p.data.message_id) : state;
      }
      case 'message.viewed': {
        const p = viewedPayload.safeParse(frame.payload);
        if (!p.success || p.data.user_id === ownId) return state;
        return applyViewed(state, frame.conversation_id, p.data.up_to);
      }
      case 'user.updated': {
        const { user_id, name } = frame.payload;
        return applySenderName(state, frame.conversation_id, user_id, name);
      }
      default:
        return state;
    }
  }
  switch (frame.type) {
    case 'message.hidden': {
      const p = hiddenPayload.safeParse(frame.payload);
      return p.success ? applyDeleted(state, p.data.conversation_id, p.data.message_id) : state;
    }
    case 'conversation.cleared': {
      const p = clearedPayload.safeParse(frame.payload);
      return p.success ? applyCleared(state, p.data.conversation_id, p.data.cleared) : state;
    }
    default:
      return state;
  }
}
