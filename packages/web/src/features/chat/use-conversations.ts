import type { ConversationListItem } from './conversation-item';

/**
 * The conversation list of the signed-in user. Listing conversations is the
 * next issue (its call and socket events); until then the list is empty and
 * not loading, so the shell shows its empty states.
 */
export function useConversations(): { items: ConversationListItem[]; loading: boolean } {
  return { items: EMPTY, loading: false };
}

const EMPTY: ConversationListItem[] = [];
