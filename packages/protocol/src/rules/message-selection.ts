import { GROUP_NOTICE_TYPE } from '../group-notice';
import { SIGN_IN_MESSAGE_TYPE } from '../message';
import { TASK_NOTICE_TYPE } from '../tasks';
import { formatDateTime } from './format-date';

// Selecting several messages (issue 23): which messages may be selected,
// which delete scopes a selection allows, and what "Copy" puts on the
// clipboard. Pure, so the web's store and its tests share one rule.

/** Service lines (task, group and sign-in notices) and the System chat's messages are never selectable. */
export function isSelectableMessage(
  message: { type: string; user_id: number | null },
  inSystemChat: boolean,
): boolean {
  if (inSystemChat || message.user_id === null) return false;
  return ![TASK_NOTICE_TYPE, GROUP_NOTICE_TYPE, SIGN_IN_MESSAGE_TYPE].includes(message.type);
}

/**
 * "Delete for everyone" is offered for a selection only when it is offered
 * for each of its messages alone — the web offers it for one's own messages.
 */
export function canDeleteAllForEveryone(
  messages: { user_id: number | null }[],
  ownId: number | null,
): boolean {
  return ownId !== null && messages.length > 0 && messages.every((m) => m.user_id === ownId);
}

/** One selected message as "Copy" sees it: who, when, and its plain text. */
export type CopiedMessage = {
  id: number;
  name: string;
  /** ISO time the message was sent. */
  createdAt: string;
  text: string;
};

/**
 * The clipboard text of several messages, as Telegram joins them: in time
 * order (ids break ties), each as "Name, [date time]:\ntext", a blank line
 * between. A single message is copied as its text alone, like "Copy text".
 */
export function joinCopiedMessages(messages: CopiedMessage[], timeZone: string | null): string {
  const ordered = [...messages].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id,
  );
  if (ordered.length === 1) return ordered[0]?.text ?? '';
  return ordered
    .map((m) => `${m.name}, [${formatDateTime(m.createdAt, timeZone)}]:\n${m.text}`)
    .join('\n\n');
}
