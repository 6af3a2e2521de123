import { useConversationStore } from '../../features/conversations/store';
import { hydrateFromCache } from '../../sync/realtime';

/**
 * Run by the chat's loader (boot.ts) as soon as the chat's code is here,
 * before the screen's first render: the cached list goes into the stores
 * and the list's first page is asked for (the entry prefetched it, so
 * usually only reading the reply is left). The screen's own mount effects
 * then find both under way instead of starting them a render later.
 */
export function prepareChatShell(): void {
  hydrateFromCache();
  const conversations = useConversationStore.getState();
  if (conversations.status === 'idle') void conversations.loadFirstPage();
}
