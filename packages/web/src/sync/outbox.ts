import type { AttachedFile } from '@parley/protocol/file';
import type { Message, MessageRef } from '@parley/protocol/message';
import { useMessageStore } from '../features/messages/store';
import { provideSyncActions } from '../lib/sync-actions';
import { commit, conversationsGone } from './dispatcher';

// Sending from this device: the message store keeps the optimistic pending
// copy and talks to the server (socket or HTTP, same uuid); the stored
// message it gets back is committed here, through the one dispatcher. The
// queue of messages written offline goes out the same way.

export async function sendMessage(
  conversationId: number,
  text: string,
  parent: MessageRef | null,
  file: AttachedFile | null = null,
): Promise<Message | null> {
  const sent = await useMessageStore.getState().send(conversationId, text, parent, file);
  if (sent) commit({ type: 'message.sent', message: sent });
  return sent;
}

export async function retrySend(uuid: string): Promise<Message | null> {
  const sent = await useMessageStore.getState().retry(uuid);
  if (sent) commit({ type: 'message.sent', message: sent });
  return sent;
}

/** Sends every queued message again (same uuids), in the order they were written. */
export async function flushOutbox(): Promise<void> {
  const sent = await useMessageStore.getState().flushQueue();
  for (const message of sent) commit({ type: 'message.sent', message });
}

provideSyncActions({ send: sendMessage, retry: retrySend, commit, gone: conversationsGone });
