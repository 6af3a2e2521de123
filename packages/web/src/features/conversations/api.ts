import type { Conversation, ConversationList } from '@parley/protocol/conversation';
import { conversationRoutes } from '@parley/protocol/http/conversation-routes';
import { messageRoutes } from '@parley/protocol/http/message-routes';
import type { MessageRef, ReadReply } from '@parley/protocol/message';
import { call } from '../../api/http';

// What the user asks of the server about conversations. Server pushes go
// through events.ts instead.

export function fetchConversationPage(cursor: string | null): Promise<ConversationList> {
  return call(conversationRoutes.conversations, { query: cursor ? { before_cursor: cursor } : {} });
}

/** A page of the hidden conversations: the archive (protocol rules/archive.ts). */
export function fetchArchivePage(cursor: string | null): Promise<ConversationList> {
  return call(conversationRoutes.conversations, {
    query: cursor ? { hidden_only: '1', before_cursor: cursor } : { hidden_only: '1' },
  });
}

/** For the list: without task_groups, which the Tasks panel reads and follows as the board. */
export function fetchConversation(id: number): Promise<Conversation> {
  const body = { conversation_id: id, task_groups: false };
  return call(conversationRoutes.conversation, { body, silent: true });
}

export async function fetchUnreadCount(): Promise<number> {
  const reply = await call(conversationRoutes.unread);
  return reply.count;
}

/** Find-or-create the direct chat with a user (by id or username). */
export function openDirect(
  target: { user_id: number } | { username: string },
): Promise<Conversation> {
  return call(conversationRoutes.openDirect, { body: target });
}

/** Spec 7: can be cancelled — a newer read supersedes it. */
export function markRead(
  conversationId: number,
  messageId: number,
  signal: AbortSignal,
): Promise<ReadReply> {
  return call(messageRoutes.markRead, {
    params: { conversation_id: conversationId },
    body: { message_id: messageId },
    signal,
    silent: true,
  });
}

export type ConversationFlag = keyof typeof conversationRoutes.conversationFlag;

/** Pin, mute or hide a conversation for the caller. */
export async function setConversationFlag(
  id: number,
  flag: ConversationFlag,
  value: boolean,
): Promise<void> {
  await call(conversationRoutes.conversationFlag[flag], { params: { id }, body: { value } });
}

/** Clear history for the caller (the others keep theirs). */
export async function clearConversation(id: number): Promise<void> {
  await call(conversationRoutes.clearConversation, { params: { id } });
}

/** Delete for me (leave, for a group). */
export async function deleteConversation(id: number): Promise<void> {
  await call(conversationRoutes.deleteConversation, { params: { id } });
}

/** Pin a message in the conversation (null unpins); answers the pinned ref. */
export async function setPinnedMessage(
  id: number,
  messageId: number | null,
): Promise<MessageRef | null> {
  const reply = await call(messageRoutes.setPinnedMessage, {
    params: { id },
    body: { message_id: messageId },
  });
  return reply.pinned_message;
}
