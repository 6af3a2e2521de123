import type { Conversation, LastMessage } from '@parley/protocol/conversation';
import { applyLastMessage, applyRead, removeConversation, upsertConversations } from './reducers';
import type { ConversationsState } from './reducers';

// What the server pushes about conversations. The realtime gateway feeds
// these in a later step; until then the HTTP replies use the same reducers.

export type ConversationEvent =
  | { type: 'conversation.updated'; conversation: Conversation }
  | { type: 'conversation.removed'; conversation_id: number }
  | { type: 'message.new'; conversation_id: number; message: LastMessage; unread_count?: number }
  | {
      type: 'read';
      conversation_id: number;
      new_messages: number;
      unread_count?: number;
      message_id?: number;
    };

export function applyConversationEvent(
  state: ConversationsState,
  event: ConversationEvent,
): ConversationsState {
  switch (event.type) {
    case 'conversation.updated':
      return upsertConversations(state, [event.conversation]);
    case 'conversation.removed':
      return removeConversation(state, event.conversation_id);
    case 'message.new': {
      const next = applyLastMessage(state, event.conversation_id, event.message);
      return event.unread_count === undefined ? next : { ...next, unreadTotal: event.unread_count };
    }
    case 'read':
      return applyRead(state, {
        conversationId: event.conversation_id,
        newMessages: event.new_messages,
        unreadTotal: event.unread_count,
        lastReadId: event.message_id,
      });
  }
}
