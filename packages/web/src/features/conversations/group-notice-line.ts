import type { TFunction } from 'i18next';
import { parseGroupNotice } from '@parley/protocol/group-notice';
import { groupNoticeText } from '@parley/protocol/rules/group-notice-text';

// A group's service line ("Anna joined the group") in the reader's language:
// the stored payload through the protocol's wording rule, with i18next's `t`.
// The history and the chat-list preview both call this.

export function groupNoticeLine(
  message: { message: string; sender?: { name: string } | null },
  t: TFunction,
): string {
  const notice = parseGroupNotice(message.message);
  if (!notice) return t('groupNotice.unknown');
  return groupNoticeText(
    notice,
    message.sender?.name ?? '',
    (key, values) => t(key, { ...values, interpolation: { escapeValue: false } }),
    t('groupNotice.someone'),
  );
}
