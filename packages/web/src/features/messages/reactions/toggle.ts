import type { Message } from '@parley/protocol/message';
import { myReaction } from '@parley/protocol/reactions';
import { syncActions } from '../../../lib/sync-actions';
import { removeReaction, setReaction } from './api';

/**
 * Picking an emoji on a message: mine already → taken back; else it becomes
 * my one reaction. The reply is committed like the server's event (the echo
 * then changes nothing).
 */
export async function toggleReaction(
  message: Message,
  emoji: string,
  ownId: number | null,
): Promise<void> {
  if (ownId === null) return;
  const mine = myReaction(message.reactions, ownId);
  const reply =
    mine === emoji ? await removeReaction(message.id) : await setReaction(message.id, emoji);
  syncActions().commit({
    type: 'message.reactions',
    conversation_id: message.conversation_id,
    message_id: reply.message_id,
    reactions: reply.reactions,
  });
}
