import {
  conversationListSchema,
  conversationSchema,
  unreadReplySchema,
} from '@parley/protocol/conversation';
import type { Conversation, ConversationList } from '@parley/protocol/conversation';
import { z } from 'zod';
import { messageRefSchema, readReplySchema } from '@parley/protocol/message';
import type { MessageRef, ReadReply } from '@parley/protocol/message';
import { request } from '../../api/http';

// What the user asks of the server about conversations. Server pushes go
// through events.ts instead.

export function fetchConversationPage(cursor: string | null): Promise<ConversationList> {
  const query = cursor ? `?before_cursor=${encodeURIComponent(cursor)}` : '';
  return request(`/user/conversations${query}`, { schema: conversationListSchema });
}

/** A page of the hidden conversations: the archive (protocol rules/archive.ts). */
export function fetchArchivePage(cursor: string | null): Promise<ConversationList> {
  const query = new URLSearchParams({ hidden_only: '1' });
  if (cursor) query.set('before_cursor', cursor);
  return request(`/user/conversations?${query.toString()}`, { schema: conversationListSchema });
}

export function fetchConversation(id: number): Promise<Conversation> {
  return request('/user/conversation', {
    body: { conversation_id: id },
    schema: conversationSchema,
    silent: true,
  });
}

export async function fetchUnreadCount(): Promise<number> {
  const reply = await request('/user/unread', { schema: unreadReplySchema });
  return reply.count;
}

/** Find-or-create the direct chat with a user (by id or username). */
export function openDirect(
  target: { user_id: number } | { username: string },
): Promise<Conversation> {
  return request('/user/conversations/direct', { body: target, schema: conversationSchema });
}

/** Spec 7: can be cancelled — a newer read supersedes it. */
export function markRead(
  conversationId: number,
  messageId: number,
  signal: AbortSignal,
): Promise<ReadReply> {
  return request(`/user/messages/read/${conversationId}`, {
    body: { message_id: messageId },
    schema: readReplySchema,
    signal,
    silent: true,
  });
}

const okSchema = z.object({ status: z.literal('ok') });
const pinnedReplySchema = z.object({
  status: z.literal('ok'),
  pinned_message: messageRefSchema.nullable(),
});

export type ConversationFlag = 'pin' | 'mute' | 'hide';

/** Pin, mute or hide a conversation for the caller. */
export async function setConversationFlag(
  id: number,
  flag: ConversationFlag,
  value: boolean,
): Promise<void> {
  await request(`/user/conversations/${id}/${flag}`, { body: { value }, schema: okSchema });
}

/** Clear history for the caller (the others keep theirs). */
export async function clearConversation(id: number): Promise<void> {
  await request(`/user/conversations/${id}/clear`, { method: 'POST', schema: okSchema });
}

/** Delete for me (leave, for a group). */
export async function deleteConversation(id: number): Promise<void> {
  await request(`/user/conversations/${id}`, { method: 'DELETE', schema: okSchema });
}

/** Pin a message in the conversation (null unpins); answers the pinned ref. */
export async function setPinnedMessage(
  id: number,
  messageId: number | null,
): Promise<MessageRef | null> {
  const reply = await request(`/user/conversations/${id}/pinned-message`, {
    body: { message_id: messageId },
    schema: pinnedReplySchema,
  });
  return reply.pinned_message;
}
