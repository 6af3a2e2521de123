import { avatarIdOf } from '@parley/protocol/rules/avatar-color';
import type { TFunction } from 'i18next';
import type { Conversation } from '@parley/protocol/conversation';
import { SIGN_IN_MESSAGE_TYPE } from '@parley/protocol/message';
import type { MessageRef } from '@parley/protocol/message';
import {
  SPOILER_MASK,
  messageLine,
  oneLine,
  signInLine,
  withFileLabel as withLabel,
} from '@parley/protocol/rules/message-line';
import type { MessageLineTexts } from '@parley/protocol/rules/message-line';
import { TASK_NOTICE_TYPE, taskNoticeSchema } from '@parley/protocol/tasks';
import { isConversationBlocked } from '@parley/protocol/rules/blocked';
import { previewSenderName } from '@parley/protocol/rules/preview';
import { plainTextOf } from '@parley/protocol/rules/format/plain';
import { GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import { deviceText } from '../../lib/device-text';
import { formatNow } from '../../lib/format-loader';
import { groupNoticeLine } from './group-notice-line';
import { listTime } from '../../lib/format-time';

// Protocol Conversation → what one row of the list shows. Pure, so the list
// stays presentational and the mapping is tested without rendering.

export type AvatarKind = 'saved' | 'system' | 'person';

export type ConversationListItem = {
  id: number;
  title: string;
  avatar: string | null;
  avatarKind: AvatarKind;
  preview: string;
  /** Already formatted (spec 5: en-GB, 24-hour, user timezone; today → time, else date). */
  time: string;
  unread: number;
  mentioned: boolean;
  pinned: boolean;
  muted: boolean;
  /** In the archive (spec 4 hidden; protocol rules/archive.ts): out of the list, labelled elsewhere. */
  hidden: boolean;
  /** This conversation's own notifications setting is off (spec 4, pivot.notifications). */
  notificationsOff: boolean;
  blocked: boolean;
  /** The other person of a direct chat (presence dot); null otherwise. */
  friendId: number | null;
  /** What the avatar's colour is derived from (protocol rules/avatar-color.ts, avatarIdOf). */
  avatarId: number;
  /** "X is typing…" in place of the preview; null when nobody types. */
  typing: string | null;
  online: boolean;
  /** A direct chat with a bot: the bot badge. */
  bot?: boolean;
  /** An official account or conversation (an official bot, System): the official badge. */
  official?: boolean;
};

/** Any conversation-like record (a search result's too). */
export function conversationTitle(
  c: Pick<Conversation, 'is_saved' | 'is_system' | 'name'> & { friend: { name: string } | null },
  t: TFunction,
): string {
  if (c.is_saved) return t('conversations.saved');
  if (c.is_system) return t('conversations.system');
  return c.friend?.name ?? c.name ?? t('conversations.untitled');
}

/**
 * Text the server wrote itself (System) is a catalogue key; people's text is
 * shown as is. A typed notice (a new sign-in) is machine-readable JSON made
 * into a sentence here wherever it appears — in System, quoted in a reply or
 * the pinned bar, or forwarded (a forward keeps its type). Only the server
 * ever sets a type, so a person cannot dress text up as a notice.
 */
export function messageText(
  message: { message: string; type: string; sender?: { name: string } | null },
  fromServer: boolean,
  t: TFunction,
  timeZone: string | null = null,
): string {
  if (message.type === SIGN_IN_MESSAGE_TYPE) return signInText(message.message, t, timeZone);
  if (message.type === TASK_NOTICE_TYPE) return taskNoticeText(message.message, t);
  if (message.type === GROUP_NOTICE_TYPE) return groupNoticeLine(message, t);
  if (!fromServer) return message.message;
  return t(message.message);
}

export { SPOILER_MASK };

/** The words of a message without its formatting markers: chat-list and reply previews, notifications. */
export function messagePlainText(
  message: { message: string; type: string; sender?: { name: string } | null },
  fromServer: boolean,
  t: TFunction,
  timeZone: string | null = null,
): string {
  const text = messageText(message, fromServer, t, timeZone);
  if (fromServer || message.type === GROUP_NOTICE_TYPE) return text;
  const parse = formatNow();
  // Before the parser's chunk arrives (lib/format-loader.ts; callers render
  // again with useFormat) the text shows as typed, spoilers still masked.
  if (parse === null) return text.replace(UNPARSED_SPOILER, SPOILER_MASK);
  return plainTextOf(parse(text), { spoilerMask: SPOILER_MASK });
}

/** Only for the moment before the parser loads: a spoiler's words never show in a preview. */
const UNPARSED_SPOILER = /\|\|[\s\S]+?\|\|/g;

/** A task service line (docs/TASKS.md, "Service lines"): "Done: Book the room". */
function taskNoticeText(json: string, t: TFunction): string {
  let parsed;
  try {
    parsed = taskNoticeSchema.safeParse(JSON.parse(json));
  } catch {
    return json;
  }
  return parsed.success
    ? t(`tasks.notice.${parsed.data.action}`, { title: parsed.data.title })
    : json;
}

/** The line rule's words (protocol rules/message-line.ts) from this catalogue. */
function lineTexts(t: TFunction): MessageLineTexts {
  return {
    photo: t('files.photo'),
    file: t('files.file'),
    withCaption: (parts) =>
      t('files.withCaption', { ...parts, interpolation: { escapeValue: false } }),
    signIn: (parts) => t('messages.signIn', { ...parts, interpolation: { escapeValue: false } }),
    signInUnknown: t('messages.signInUnknown'),
    device: (notice) => deviceText(t, notice),
  };
}

/** "Photo" or "File", then the caption when there is one (protocol rules/message-line.ts). */
export function withFileLabel(type: string | null, text: string, t: TFunction): string {
  return withLabel(type, text, lineTexts(t));
}

/**
 * A message as one line: the list preview, quotes and the tab's
 * notification, by the same rule the server's push uses
 * (protocol rules/message-line.ts), with this catalogue's words.
 */
export function messageLineText(
  message: { message: string; type: string; sender?: { name: string } | null },
  fromServer: boolean,
  t: TFunction,
  timeZone: string | null = null,
): string {
  return messageLine(message, lineTexts(t), {
    timeZone,
    plain: (text) => messagePlainText({ ...message, message: text }, fromServer, t, timeZone),
  });
}

/** The text of a quoted message (reply parent, pinned message); '' for a deleted one. */
export function refText(ref: MessageRef, t: TFunction, timeZone: string | null = null): string {
  if (ref.deleted || ref.message === null) return '';
  return messageLineText(
    { message: ref.message, type: ref.type ?? 'text' },
    ref.sender === null,
    t,
    timeZone,
  );
}

/** "New sign-in: {device}, {ip}, {date}" from the notice's JSON; never the raw JSON. */
export function signInText(body: string, t: TFunction, timeZone: string | null): string {
  return signInLine(body, lineTexts(t), timeZone);
}

export function lastMessagePreview(
  c: Conversation,
  t: TFunction,
  ownId: number | null,
  timeZone: string | null = null,
): string {
  const last = c.current_user.last_message;
  if (!last) return '';
  const text = oneLine(messageLineText(last, last.sender === null, t, timeZone));
  // A service line names its people itself ("Anna joined the group"): no "Anna:" before it.
  if ((c.is_group || c.is_channel) && last.sender && last.type !== GROUP_NOTICE_TYPE) {
    // A channel publishes under its own name, never the poster's (publisher_hash).
    const poster = c.is_channel ? conversationTitle(c, t) : last.sender.name;
    const who = last.user_id === ownId ? t('conversations.you') : poster;
    // "Vous : …" in French: the catalogue's label-and-text line puts the language's spacing.
    return t('files.withCaption', {
      label: previewSenderName(who),
      caption: text,
      interpolation: { escapeValue: false },
    });
  }
  return text;
}

export function toListItem(
  c: Conversation,
  t: TFunction,
  options: { ownId: number | null; timeZone: string | null; now?: number },
): ConversationListItem {
  const at = c.current_user.last_message?.created_at ?? c.last_message_at;
  return {
    id: c.id,
    title: conversationTitle(c, t),
    avatar: c.avatar ?? c.friend?.avatar ?? null,
    avatarKind: c.is_saved ? 'saved' : c.is_system ? 'system' : 'person',
    preview: lastMessagePreview(c, t, options.ownId, options.timeZone),
    time: at ? listTime(at, options.timeZone, options.now) : '',
    unread: Math.max(0, c.pivot.new_messages),
    mentioned: c.pivot.mentioned_message_id !== null && c.pivot.new_messages > 0,
    pinned: c.pivot.pinned,
    muted: c.pivot.muted,
    hidden: c.pivot.hidden,
    notificationsOff: !c.pivot.notifications,
    blocked: isConversationBlocked(c),
    friendId: c.type === 'direct' ? (c.friend?.id ?? null) : null,
    avatarId: avatarIdOf(c),
    typing: null,
    online: false,
    bot: c.with_bot === true || c.friend?.is_bot === true,
    official: c.is_official || c.friend?.is_official === true,
  };
}

/** Case-insensitive match on the title, used by the sidebar search. */
export function matchesQuery(item: ConversationListItem, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || item.title.toLowerCase().includes(q);
}
