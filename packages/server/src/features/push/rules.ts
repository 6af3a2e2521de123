import type { ConversationType } from '@parley/protocol/conversation';
import { isLocaleCode } from '@parley/protocol/locales';
import { FILE_MESSAGE_TYPES } from '@parley/protocol/file';
import { SIGN_IN_MESSAGE_TYPE, TEXT_MESSAGE_TYPE } from '@parley/protocol/message';
import { PUSH_TEXTS, pushTag, taskPushTag } from '@parley/protocol/push';
import type { PushPayload } from '@parley/protocol/push';
import { deviceLine, fillIn, messageLine } from '@parley/protocol/rules/message-line';
import type { MessageLineTexts } from '@parley/protocol/rules/message-line';
import { decideNotification } from '@parley/protocol/rules/notify';

// Whether a member's devices get a push for a new message, and what it
// says: the same decision as the web's in-tab notifications
// (protocol rules/notify.ts: own, read, stale, the master switch, the
// global and per-conversation mutes, the conversation's notifications,
// blocked), so the two can never disagree. Only "on screen" differs: the
// devices with a visible tab are left out before this runs (subscriptions.ts).
// Pure: the fan-out (fanout.ts) loads the rows.

export interface PushMessage {
  id: number;
  conversation_id: number;
  user_id: number | null;
  sender_name: string | null;
  sender_avatar: string | null;
  /** The replied message's author (a reply to the recipient is kind 'reply'). */
  parent_user_id: number | null;
  text: string;
  type: string;
  has_file: boolean;
  created_at: string;
}

export interface PushConversation {
  id: number;
  type: ConversationType;
  name: string | null;
  avatar: string | null;
  /** A secret chat: never content in a push (none exist on the server yet). */
  secret: boolean;
}

export interface PushRecipient {
  user: { id: number; notifications: boolean; muted: boolean; paranoid: boolean };
  pivot: {
    muted: boolean;
    notifications: boolean;
    last_read_message_id: number | null;
    mentioned_message_id: number | null;
  };
  /** The recipient's link or, in a direct chat, the sender's is blocked. */
  blocked: boolean;
  /** For the app badge. */
  unread: number;
  /** The recipient's zone: a sign-in notice's date is written in it. */
  timeZone: string | null;
}

function pushKind(message: PushMessage, recipient: PushRecipient): PushPayload['kind'] {
  if (recipient.pivot.mentioned_message_id === message.id) return 'mention';
  if (message.parent_user_id !== null && message.parent_user_id === recipient.user.id)
    return 'reply';
  return 'message';
}

function conversationTitle(c: PushConversation, m: PushMessage, appName: string): string {
  if (c.type === 'system') return appName;
  if (c.type === 'direct') return m.sender_name ?? appName;
  return c.name ?? appName;
}

/** The texts of the line rule in a push's language (the web's catalogue says the same). */
function lineTexts(texts: (typeof PUSH_TEXTS)['en']): MessageLineTexts {
  return {
    photo: texts.photo,
    file: texts.file,
    withCaption: (parts) => fillIn(texts.withCaption, parts),
    signIn: (parts) => fillIn(texts.signIn, parts),
    signInUnknown: texts.signInUnknown,
    device: (notice) =>
      deviceLine(notice, {
        deviceOn: (parts) => fillIn(texts.deviceOn, parts),
        deviceUnknown: texts.deviceUnknown,
      }),
  };
}

/** Types the line rule renders; other server notices are rendered by the app alone. */
const LINE_TYPES = new Set<string>([
  TEXT_MESSAGE_TYPE,
  FILE_MESSAGE_TYPES.image,
  FILE_MESSAGE_TYPES.file,
  SIGN_IN_MESSAGE_TYPE,
]);

/**
 * The message on one line, as the chat list shows it (protocol
 * rules/message-line.ts): "Photo: look at this", "File", a sign-in
 * notice's sentence in the recipient's zone. `plain` gives a text's words.
 */
function messageLineOf(
  m: PushMessage,
  texts: (typeof PUSH_TEXTS)['en'],
  timeZone: string | null,
  plain: (text: string) => string,
): string {
  if (!LINE_TYPES.has(m.type)) return texts.newMessage;
  const line = messageLine({ type: m.type, message: m.text }, lineTexts(texts), {
    timeZone,
    plain,
  });
  return line.trim() === '' ? texts.newMessage : line;
}

/** The push one recipient's devices in `locale` get, or null when the rules say none. */
export function pushPayloadFor(
  conversation: PushConversation,
  message: PushMessage,
  recipient: PushRecipient,
  locale: string,
  now: number,
  plain: (text: string) => string,
): PushPayload | null {
  const texts = PUSH_TEXTS[isLocaleCode(locale) ? locale : 'en'];
  const decision = decideNotification({
    // A secret chat is treated as paranoid mode for its content: "New message" only.
    user: { ...recipient.user, paranoid: recipient.user.paranoid || conversation.secret },
    conversation: {
      type: conversation.type,
      title: conversationTitle(conversation, message, texts.appName),
      blocked: recipient.blocked,
      pivot: recipient.pivot,
    },
    message: {
      id: message.id,
      user_id: message.user_id,
      sender_name: message.sender_name,
      text: messageLineOf(message, texts, recipient.timeZone, plain),
      created_at: message.created_at,
    },
    onScreen: false,
    now,
    neutral: { title: texts.appName, body: texts.newMessage },
    labelled: (parts) => fillIn(texts.withCaption, parts),
  });
  if (!decision.show) return null;
  const icon = conversation.type === 'direct' ? message.sender_avatar : conversation.avatar;
  return {
    v: 1,
    kind: pushKind(message, recipient),
    conversation_id: conversation.id,
    message_id: message.id,
    tag: pushTag(conversation.id),
    title: decision.title,
    body: decision.body,
    identifies: decision.identifies,
    icon: decision.identifies ? icon : null,
    unread: recipient.unread,
  };
}

/** What a task assignment's push needs to know of its recipient and the task. */
export interface TaskPushInput {
  user: { notifications: boolean; muted: boolean; paranoid: boolean };
  conversation_id: number;
  task_id: number;
  title: string;
  assigner_name: string | null;
  unread: number;
}

/**
 * The push a task assignment makes, or null. An assignment is addressed to
 * the person, so the conversation's mute does not hold it back; the master
 * switch and the global mute do, and paranoid mode leaves only "New task
 * for you" (no assigner, no title).
 */
export function taskPushPayload(input: TaskPushInput, locale: string): PushPayload | null {
  if (!input.user.notifications || input.user.muted) return null;
  const texts = PUSH_TEXTS[isLocaleCode(locale) ? locale : 'en'];
  const identifies = !input.user.paranoid;
  return {
    v: 1,
    kind: 'task',
    conversation_id: input.conversation_id,
    message_id: null,
    tag: taskPushTag(input.task_id),
    title: identifies
      ? texts.assignedBy.replace('{{name}}', input.assigner_name ?? texts.appName)
      : texts.appName,
    body: identifies ? input.title : texts.newTask,
    identifies,
    icon: null,
    unread: input.unread,
  };
}
