import type { Message } from '@parley/protocol/message';
import { publisherIdentity } from '@parley/protocol/rules/conversation-info';
import { useAuthStore } from '../auth/store';
import { useConversationStore } from '../conversations/store';

/**
 * The name a message is shown under outside its bubble (the picture
 * viewer, a copied selection): a channel's post under the channel's name
 * (its publishing identity, as the history shows it), never its poster's;
 * one's own and everyone else's under their sender's; null for the
 * server's own (System).
 */
export function shownSenderName(m: Message): string | null {
  const conversation = useConversationStore.getState().byId[m.conversation_id];
  const channel = conversation ? publisherIdentity(conversation) : null;
  const ownId = useAuthStore.getState().user?.id ?? null;
  if (channel && m.sender !== null && m.user_id !== ownId) return channel.name ?? '';
  return m.sender?.name ?? null;
}
