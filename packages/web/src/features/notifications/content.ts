import type { TFunction } from 'i18next';
import type { Conversation } from '@parley/protocol/conversation';
import type { Message } from '@parley/protocol/message';
import { isConversationBlocked } from '@parley/protocol/rules/blocked';
import { decideNotification } from '@parley/protocol/rules/notify';
import type { NotifyDecision } from '@parley/protocol/rules/notify';
import type { User } from '@parley/protocol/user';
import { conversationTitle, messageLineText } from '../conversations/list-item';

// A new message → the protocol's decision (rules/notify.ts) → what the
// system notification carries. The text is the list's line (protocol
// rules/message-line.ts, as the server's push), then the rule cuts it.

/** The app's own icon: used when there is no avatar, and always in paranoid mode. */
export const APP_ICON = '/icons/icon-192.png';

/** One tag per conversation: a burst of messages replaces one notification instead of stacking. */
export const notificationTag = (conversationId: number) => `parley-conversation-${conversationId}`;

/** Carried by the notification, read back by the service worker's click handler. */
export type NotificationData = { conversation_id: number };

export type NotificationContent = {
  title: string;
  options: { body: string; tag: string; icon: string; data: NotificationData };
};

export type ContentInput = {
  user: User;
  conversation: Conversation;
  message: Message;
  onScreen: boolean;
  now: number;
  t: TFunction;
  timeZone: string | null;
};

export function notificationDecision(input: ContentInput): NotifyDecision {
  const { conversation: c, message: m, t } = input;
  const fromServer = m.sender === null;
  return decideNotification({
    user: input.user,
    conversation: {
      type: c.type,
      title: conversationTitle(c, t),
      blocked: isConversationBlocked(c),
      pivot: c.pivot,
    },
    message: {
      id: m.id,
      user_id: m.user_id,
      sender_name: m.sender?.name ?? null,
      text: messageLineText(m, fromServer, t, input.timeZone),
      created_at: m.created_at,
      type: m.type,
    },
    onScreen: input.onScreen,
    now: input.now,
    neutral: { title: t('notifications.appName'), body: t('notifications.newMessage') },
    labelled: (parts) =>
      t('files.withCaption', { ...parts, interpolation: { escapeValue: false } }),
  });
}

/** The notification to show, or null when the rules say none. */
export function notificationContent(input: ContentInput): NotificationContent | null {
  const decision = notificationDecision(input);
  if (!decision.show) return null;
  const c = input.conversation;
  const avatar = c.avatar ?? c.friend?.avatar ?? null;
  return {
    title: decision.title,
    options: {
      body: decision.body,
      tag: notificationTag(c.id),
      icon: decision.identifies && avatar !== null ? avatar : APP_ICON,
      data: { conversation_id: c.id },
    },
  };
}
