import { messageRoutes } from '@parley/protocol/http/message-routes';
import type { HistoryReply, Message, SendMessageRequest } from '@parley/protocol/message';
import type { SharedMediaKind, SharedMediaReply } from '@parley/protocol/shared-media';
import { call } from '../../api/http';
import { sendMessageOverSocket } from '../../api/socket';
import { SocketSendLost } from '../../api/socket-sends';

// What the user asks of the server about messages; pushes go through events.ts.

export type HistoryCursor = { before: number } | { after: number } | { around: number } | null;

export function fetchHistory(conversationId: number, cursor: HistoryCursor): Promise<HistoryReply> {
  return call(messageRoutes.history, {
    params: { id: conversationId },
    query: cursor ?? {},
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
  return call(messageRoutes.sendMessage, { body, silent: true });
}

export function editMessage(id: number, message: string): Promise<Message> {
  return call(messageRoutes.editMessage, { params: { id }, body: { message } });
}

export async function deleteMessage(id: number, scope: 'me' | 'everyone'): Promise<void> {
  await call(messageRoutes.deleteMessage, { params: { id }, query: { for: scope } });
}

export async function forwardMessages(ids: number[], from: number, to: number): Promise<Message[]> {
  const reply = await call(messageRoutes.forwardMessages, {
    body: { ids, from_conversation_id: from, to_conversation_id: to },
  });
  return reply.messages;
}

/**
 * A conversation's messages of one shared kind, newest first: pictures and
 * videos (the viewer's gallery, the Media tab), other files, or links.
 */
export function fetchSharedMedia(
  conversationId: number,
  {
    kind = 'media',
    before,
    limit = 100,
  }: { kind?: SharedMediaKind; before?: number; limit?: number } = {},
): Promise<SharedMediaReply> {
  return call(messageRoutes.sharedMedia, {
    params: { id: conversationId },
    query: before === undefined ? { kind, limit } : { kind, before, limit },
    silent: true,
  });
}
