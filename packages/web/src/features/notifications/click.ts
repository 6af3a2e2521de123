// What the service worker tells a tab when a notification is clicked
// (sw.ts posts it; notifier.ts listens). Shared so the two cannot drift.

export const OPEN_CONVERSATION_MESSAGE = 'parley:open-conversation';

export type OpenConversationMessage = {
  type: typeof OPEN_CONVERSATION_MESSAGE;
  conversation_id: number;
};

export const conversationPath = (conversationId: number) => `/chat/${conversationId}`;

/** A notification's data (or a message) naming a conversation; null for anything else. */
export function conversationIdOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const id = (data as { conversation_id?: unknown }).conversation_id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}
