import { openDirect } from './api';
import { useConversationStore } from './store';

/** Find-or-create the direct chat, remember it in the list, and return its id. */
export async function openDirectChat(
  target: { user_id: number } | { username: string },
): Promise<number> {
  const conversation = await openDirect(target);
  useConversationStore.getState().upsert([conversation]);
  return conversation.id;
}
