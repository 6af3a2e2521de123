import i18next from 'i18next';
import type { Conversation } from '@parley/protocol/conversation';
import type { ConversationEventFrame, ServerFrame } from '@parley/protocol/realtime';
import { navigateTo } from '../../lib/navigation';
import { useAuthStore } from '../auth/store';
import { useConversationStore } from '../conversations/store';
import { browserNotifications } from './boundary';
import type { NotificationBoundary } from './boundary';
import { OPEN_CONVERSATION_MESSAGE, conversationIdOf, conversationPath } from './click';
import { notificationContent, notificationTag } from './content';
import { createTabCoordinator } from './tabs';
import type { TabCoordinator } from './tabs';
import { onOpenConversationChange, viewedConversation } from './view';

// Socket frames → system notifications. The chat's frame handler hands every
// frame here *before* the stores apply it, so the conversation is read as it
// was (a frame already applied — a resumed duplicate — is recognised by its
// seq). The rules are the protocol's (rules/notify.ts); this file only
// gathers their inputs and talks to the browser.

export type Notifier = {
  noteFrame: (frame: ServerFrame, ownId: number | null) => void;
  stop: () => void;
};

type MessageNewFrame = Extract<ConversationEventFrame, { payload: { message: unknown } }>;

export function createNotifier(deps: {
  boundary: NotificationBoundary;
  tabs: TabCoordinator;
  now?: () => number;
}): Notifier {
  const { boundary, tabs, now = Date.now } = deps;
  let stopped = false;

  async function consider(frame: MessageNewFrame, held: Conversation | undefined) {
    const user = useAuthStore.getState().user;
    if (!user || boundary.permission() !== 'granted' || !tabs.isLeader()) return;
    if (frame.payload.message.user_id === user.id) return; // own: no fetch, no lock query
    const conversation =
      held ?? (await useConversationStore.getState().ensure(frame.conversation_id));
    if (!conversation || stopped) return;
    const content = notificationContent({
      user,
      conversation,
      message: frame.payload.message,
      onScreen: await tabs.isOnScreen(conversation.id),
      now: now(),
      t: i18next.t,
      timeZone: user.timezone,
    });
    if (content && !stopped && tabs.isLeader()) await boundary.show(content);
  }

  return {
    noteFrame: (frame, ownId) => {
      if (stopped || frame.op !== 'event' || frame.scope !== 'conversation') return;
      if (frame.type !== 'message.new') return;
      if (ownId !== null && frame.payload.message.user_id === ownId) return;
      const held = useConversationStore.getState().byId[frame.conversation_id];
      if (held && frame.seq <= held.last_seq) return; // already applied: not news
      consider(frame, held).catch((error: unknown) => {
        console.warn('notifications: could not show a notification', error);
      });
    },
    stop: () => {
      stopped = true;
      tabs.stop();
    },
  };
}

/**
 * The browser wiring: notifications for this tab's socket, the tab's part in
 * choosing which tab shows them, the worker's "open this chat" after a click,
 * and closing a chat's notification once the chat is on screen.
 */
export function startNotifications(
  boundary: NotificationBoundary = browserNotifications,
): Notifier {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const tabs = createTabCoordinator(locks, viewedConversation());
  const notifier = createNotifier({ boundary, tabs });

  const onView = () => {
    const viewed = viewedConversation();
    tabs.setViewed(viewed);
    if (viewed !== null && boundary.permission() === 'granted') {
      boundary.close(notificationTag(viewed)).catch(() => undefined);
    }
  };
  onView();
  const stopOpen = onOpenConversationChange(onView);
  document.addEventListener('visibilitychange', onView);

  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  const onWorkerMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if ((data as { type?: unknown } | null)?.type !== OPEN_CONVERSATION_MESSAGE) return;
    const id = conversationIdOf(data);
    if (id !== null) navigateTo(conversationPath(id));
  };
  worker?.addEventListener('message', onWorkerMessage);

  return {
    noteFrame: notifier.noteFrame,
    stop: () => {
      notifier.stop();
      stopOpen();
      document.removeEventListener('visibilitychange', onView);
      worker?.removeEventListener('message', onWorkerMessage);
    },
  };
}
