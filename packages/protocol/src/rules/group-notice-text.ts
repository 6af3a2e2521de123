import { CHANNEL_NOTICE_ACTIONS, GROUP_NOTICE_ACTIONS } from '../group-notice';
import type { GroupNotice } from '../group-notice';

// A group's service line as one sentence in the reader's language, built
// from the stored payload (group-notice.ts). Used by the history and the
// chat-list preview alike, so both always say the same thing. The catalogue
// lookup is passed in: protocol knows no i18n library.

/** Looks a catalogue key up with named values (i18next's `t` fits). */
export type Translate = (key: string, values: Record<string, string>) => string;

/**
 * `actorName`: the sender's current name (the message's sender). Channel
 * lines never name anyone: a channel publishes as itself.
 */
export function groupNoticeText(
  notice: GroupNotice,
  actorName: string,
  t: Translate,
  fallbackName: string,
): string {
  const values = {
    actor: actorName || fallbackName,
    target: notice.target_name || fallbackName,
    title: notice.title ?? '',
  };
  const scope = notice.channel ? 'channel' : 'group';
  return t(`groupNotice.${scope}.${notice.action}`, values);
}

/** The catalogue keys a locale must hold (the web's i18n test checks them). */
export function groupNoticeKeys(): string[] {
  return [
    ...GROUP_NOTICE_ACTIONS.map((a) => `groupNotice.group.${a}`),
    ...CHANNEL_NOTICE_ACTIONS.map((a) => `groupNotice.channel.${a}`),
  ];
}
