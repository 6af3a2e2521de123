import type { ConversationType, Pivot } from '../conversation';
import { GROUP_NOTICE_TYPE } from '../group-notice';
import type { User } from '../user';
import { oneLine } from './message-line';
import { cutChars, previewSenderName } from './preview';
import { notificationShowsText } from './privacy';

// Whether a new message becomes a notification, and what it says. Every
// setting that touches notifications is read here and nowhere else, so the
// web client (and a push sender later) cannot disagree about them.
// docs/SETTINGS.md tells the same rules in prose.

/**
 * A message older than this (by the device's clock) is history, not news:
 * a tab that resumes after a long sleep, or a reload that replays events
 * since the cached copy, shows them in the list instead of a burst of
 * pop-ups. Five minutes leaves room for a clock that is a little off and for
 * a short network gap, whose messages still notify.
 */
export const NOTIFY_MAX_AGE_MS = 5 * 60_000;

/** Characters of message text a notification shows (the list preview's cut, wider). */
export const NOTIFICATION_TEXT_CUT = 140;

export type NotifyInput = {
  user: Pick<User, 'id' | 'notifications' | 'muted' | 'paranoid'>;
  conversation: {
    type: ConversationType;
    /** As the list shows it (the friend's name, the group's name, "System"…). */
    title: string;
    /** The friend or the link is blocked (rules/blocked.ts). */
    blocked: boolean;
    pivot: Pick<Pivot, 'muted' | 'notifications' | 'last_read_message_id'>;
  };
  message: {
    id: number;
    /** null: written by the server itself (System notices). */
    user_id: number | null;
    sender_name: string | null;
    /** The message as one line of text, already rendered (file labels, notices). */
    text: string;
    created_at: string;
    /** Message.type: a group's service line (group-notice.ts) never notifies. */
    type?: string;
  };
  /** The conversation is open in a visible tab of this browser. */
  onScreen: boolean;
  now: number;
  /** What a notification says when it may not name anyone (paranoid mode). */
  neutral: { title: string; body: string };
  /**
   * A label before a text in the reader's language, as the catalogues' withCaption
   * ("Anna : salut" in French); without it, "Anna: salut".
   */
  labelled?: (parts: { label: string; caption: string }) => string;
};

export type SuppressReason =
  | 'own'
  | 'read'
  | 'stale'
  | 'notifications_off'
  | 'muted'
  | 'conversation_muted'
  | 'conversation_off'
  | 'blocked'
  | 'on_screen'
  | 'service_line';

export type NotifyDecision =
  | { show: false; reason: SuppressReason }
  | {
      show: true;
      title: string;
      body: string;
      /** false in paranoid mode: no sender, no text, no avatar. */
      identifies: boolean;
    };

/**
 * A notice the server wrote into the System conversation (a new sign-in, a
 * password change, the inactivity warning) is about the account's safety,
 * so it gets through both mutes; only the master switch silences it.
 */
function isAccountNotice(input: NotifyInput): boolean {
  return input.conversation.type === 'system' && input.message.user_id === null;
}

function suppression(input: NotifyInput): SuppressReason | null {
  const { user, conversation, message } = input;
  if (message.user_id !== null && message.user_id === user.id) return 'own';
  // "Anna joined the group" is history, not news (as on Telegram).
  if (message.type === GROUP_NOTICE_TYPE) return 'service_line';
  if (message.id <= (conversation.pivot.last_read_message_id ?? 0)) return 'read';
  const at = Date.parse(message.created_at);
  if (Number.isFinite(at) && input.now - at > NOTIFY_MAX_AGE_MS) return 'stale';
  if (!user.notifications) return 'notifications_off';
  const notice = isAccountNotice(input);
  if (user.muted && !notice) return 'muted';
  if (conversation.pivot.muted && !notice) return 'conversation_muted';
  if (!conversation.pivot.notifications && !notice) return 'conversation_off';
  if (conversation.blocked) return 'blocked';
  if (input.onScreen) return 'on_screen';
  return null;
}

/**
 * Decides one notification. A channel post notifies like any message unless
 * the channel is muted or its notifications are off.
 */
export function decideNotification(input: NotifyInput): NotifyDecision {
  const reason = suppression(input);
  if (reason !== null) return { show: false, reason };
  if (!notificationShowsText(input.user)) {
    return { show: true, title: input.neutral.title, body: input.neutral.body, identifies: false };
  }
  const { conversation, message } = input;
  const text = cutChars(oneLine(message.text).trim(), NOTIFICATION_TEXT_CUT);
  // As in the list preview: a group or channel names who wrote, cut at 14 characters.
  const named =
    (conversation.type === 'group' || conversation.type === 'channel') &&
    message.sender_name !== null;
  const label = previewSenderName(message.sender_name ?? '');
  const labelled = input.labelled ?? ((parts) => `${parts.label}: ${parts.caption}`);
  const body = named ? labelled({ label, caption: text }) : text;
  return { show: true, title: conversation.title, body, identifies: true };
}
