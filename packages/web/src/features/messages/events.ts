import type { Message } from '@parley/protocol/message';
import { applyDeleted, applyMessage, applyViewed } from './reducers';
import type { MessagesState } from './reducers';

// What the server pushes about messages; the realtime gateway will call
// applyMessageEvent. The HTTP replies go through the same reducers.

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
