import type { ConversationView } from '../../features/messages/ConversationView';

// One loader for the conversation view's chunk, shared by the lazy component
// (ChatPane) and the prefetch after the list's first paint (ChatShell): the
// browser fetches the chunk once either way.

type ViewModule = { ConversationView: typeof ConversationView };

let loading: Promise<ViewModule> | null = null;

export function loadConversationView() {
  loading ??= import('../../features/messages/ConversationView').catch((error: unknown) => {
    loading = null; // a failed fetch (offline) may be retried
    throw error;
  });
  return loading;
}

/** Starts the chunk's download once the browser is idle (the list is painted by then). */
export function prefetchConversationView(): () => void {
  const start = () => void loadConversationView().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(start, 200);
  return () => clearTimeout(timer);
}
