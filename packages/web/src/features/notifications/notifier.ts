import i18next from 'i18next';
import type { Conversation } from '@parley/protocol/conversation';
import type { ConversationEventFrame, ServerFrame } from '@parley/protocol/realtime';
import type { User } from '@parley/protocol/user';
import { settledWithin } from '../../lib/settled-within';
import { useAuthStore } from '../auth/store';
import { useConversationStore } from '../conversations/store';
import { browserNotifications } from './boundary';
import type { NotificationBoundary } from './boundary';
import { notificationContent, notificationTag } from './content';
import { createTabCoordinator } from './tabs';
import type { TabCoordinator } from './tabs';
import { onOpenConversationChange, viewedConversation } from './view';

// Socket frames → system notifications. The chat's frame handler hands every
// frame here *before* the stores apply it, so the conversation is read as it
// was. The rules are the protocol's (rules/notify.ts); this file only
// gathers their inputs and talks to the browser.
//
// What counts as news is judged by the message, not by the list's position
// in the conversation: in the first seconds after a load the list fetch can
// already hold a message whose frame is still on its way, and a seq check
// would then drop it as "already applied" — a lost notification. A message
// is considered once per tab (by id); old ones are the rules' "stale" and
// read ones their "read".

/** Message ids a tab remembers having considered; enough for any resume burst. */
const CONSIDERED_MAX = 2_000;

/** How long a frame waits for GET /user after a reload before it is given up. */
export const USER_WAIT_MS = 5_000;

/**
 * The signed-in user. After a reload only the tokens are in memory: the
 * socket starts beside GET /user and its first frames can come before the
 * user does. Those frames wait for it (bounded) instead of going unshown.
 */
async function signedInUser(): Promise<User | null> {
  const present = useAuthStore.getState().user;
  if (present) return present;
  let unsubscribe = () => {};
  const loaded = new Promise<void>((resolve) => {
    unsubscribe = useAuthStore.subscribe((state) => {
      if (state.user) resolve();
    });
  });
  try {
    await settledWithin(loaded, USER_WAIT_MS);
    return useAuthStore.getState().user;
  } finally {
    unsubscribe();
  }
}

/** A conversation as the store held it when a frame came, taken by whoever kept the frame waiting. */
export type HeldConversation = { conversation: Conversation | undefined };

export type Notifier = {
  /**
   * Before the stores apply the frame. `held`: the conversation as it was
   * when the frame came, if it waited (deferred.ts); else read now.
   */
  noteFrame: (frame: ServerFrame, ownId: number | null, held?: HeldConversation) => void;
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
  const considered = new Set<number>();

  /** True the first time this tab meets the message. */
  function firstSight(messageId: number): boolean {
    if (considered.has(messageId)) return false;
    considered.add(messageId);
    if (considered.size > CONSIDERED_MAX) {
      // A Set iterates in insertion order: the oldest id goes.
      const oldest = considered.values().next().value;
      if (oldest !== undefined) considered.delete(oldest);
    }
    return true;
  }

  async function consider(frame: MessageNewFrame, held: Conversation | undefined) {
    if (boundary.permission() !== 'granted') return;
    const user = await signedInUser();
    if (!user || stopped) return;
    if (frame.payload.message.user_id === user.id) return; // own: no fetch, no lock query
    if (!(await tabs.leads())) return;
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
    noteFrame: (frame, ownId, held) => {
      if (stopped || frame.op !== 'event' || frame.scope !== 'conversation') return;
      if (frame.type !== 'message.new') return;
      if (ownId !== null && frame.payload.message.user_id === ownId) return;
      if (!firstSight(frame.payload.message.id)) return; // a duplicate: considered already
      const conversation = held
        ? held.conversation
        : useConversationStore.getState().byId[frame.conversation_id];
      consider(frame, conversation).catch((error: unknown) => {
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

  return {
    noteFrame: notifier.noteFrame,
    stop: () => {
      notifier.stop();
      stopOpen();
      document.removeEventListener('visibilitychange', onView);
    },
  };
}
