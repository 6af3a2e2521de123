import { navigateTo } from '../../lib/navigation';
import { OPEN_CONVERSATION_MESSAGE, conversationIdOf, conversationPath } from './click';

// A notification click arrives from the service worker as a message (sw.ts).
// Listened to from the first load, not with the deferred notifier: once the
// document has loaded, a message with no listener yet is dropped, so a click
// on a notification just after the tab opened would do nothing.

/** Opens the conversation a clicked notification names; returns the unsubscribe. */
export function listenForNotificationClicks(): () => void {
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  if (!worker) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if ((data as { type?: unknown } | null)?.type !== OPEN_CONVERSATION_MESSAGE) return;
    const id = conversationIdOf(data);
    if (id !== null) navigateTo(conversationPath(id));
  };
  worker.addEventListener('message', onMessage);
  return () => worker.removeEventListener('message', onMessage);
}
