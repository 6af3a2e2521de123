import { z } from 'zod';
import { forwardReplySchema, historyReplySchema, messageSchema } from '@parley/protocol/message';
import type { HistoryReply, Message, SendMessageRequest } from '@parley/protocol/message';
import { request } from '../../api/http';
import { sendMessageOverSocket } from '../../api/socket';
import { SocketSendLost } from '../../api/socket-sends';

// What the user asks of the server about messages; pushes go through events.ts.

export type HistoryCursor = { before: number } | { after: number } | { around: number } | null;

export function fetchHistory(conversationId: number, cursor: HistoryCursor): Promise<HistoryReply> {
  const query = cursor
    ? `?${new URLSearchParams(Object.entries(cursor).map(([k, v]) => [k, String(v)]))}`
    : '';
  return request(`/user/conversations/${conversationId}/messages${query}`, {
    schema: historyReplySchema,
    // Not the user's conversation (any more): the caller drops it, no error to show.
    answers: [404],
  });
}

/**
 * Over the socket while it is connected (less work for the server per
 * message), else over HTTP. A socket send that got no reply goes again over
 * HTTP with the same uuid: idempotent, so never a second message.
 */
export async function sendMessage(body: SendMessageRequest): Promise<Message> {
  const overSocket = sendMessageOverSocket(body);
  if (overSocket) {
    try {
      return await overSocket;
    } catch (error) {
      if (!(error instanceof SocketSendLost)) throw error;
    }
  }
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
