import { z } from 'zod';
import { forwardReplySchema, historyReplySchema, messageSchema } from '@parley/protocol/message';
import type { HistoryReply, Message, SendMessageRequest } from '@parley/protocol/message';
import { request } from '../../api/http';

// What the user asks of the server about messages; pushes go through events.ts.

export type HistoryCursor = { before: number } | { after: number } | { around: number } | null;

export function fetchHistory(conversationId: number, cursor: HistoryCursor): Promise<HistoryReply> {
  const query = cursor
    ? `?${new URLSearchParams(Object.entries(cursor).map(([k, v]) => [k, String(v)]))}`
    : '';
  return request(`/user/conversations/${conversationId}/messages${query}`, {
    schema: historyReplySchema,
  });
}

/** Idempotent on uuid: a retry with the same uuid never makes a second message. */
export function sendMessage(body: SendMessageRequest): Promise<Message> {
  return request('/user/messages', { body, schema: messageSchema, silent: true });
}

export function editMessage(id: number, message: string): Promise<Message> {
  return request(`/user/messages/${id}`, {
    method: 'PATCH',
    body: { message },
    schema: messageSchema,
  });
}

const okSchema = z.object({ status: z.literal('ok') });

export async function deleteMessage(id: number, scope: 'me' | 'everyone'): Promise<void> {
  await request(`/user/messages/${id}?for=${scope}`, { method: 'DELETE', schema: okSchema });
}

export async function forwardMessages(ids: number[], from: number, to: number): Promise<Message[]> {
  const reply = await request('/user/messages/forward', {
    body: { ids, from_conversation_id: from, to_conversation_id: to },
    schema: forwardReplySchema,
  });
  return reply.messages;
}
