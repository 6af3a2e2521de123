import { GROUP_MSG } from '../group';
import { MESSAGING_MSG } from '../messaging-texts';
import type { ConversationType } from '../conversation';

/**
 * Why a member may not react to messages in a conversation, or null when
 * they may. Wider than posting: anyone who can read may react, a channel's
 * subscribers too (as on Telegram); the System chat is read-only, and a
 * direct chat where either side blocked the other takes no reactions.
 */
export function reactionRefusalText(link: {
  type: ConversationType;
  direct_blocks: number;
  blocked: number | boolean;
}): string | null {
  if (link.type === 'system') return MESSAGING_MSG.systemReadOnly;
  if (link.type === 'direct' && link.direct_blocks > 0) {
    return link.blocked === 1 || link.blocked === true
      ? GROUP_MSG.youBlockedFriend
      : GROUP_MSG.friendBlockedYou;
  }
  return null;
}
