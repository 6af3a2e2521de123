import { GROUP_MSG } from '../group';
import { MSG } from '../messages';
import { MESSAGING_MSG } from '../messaging-texts';
import { can, roleOf } from '../permissions';
import type { ConversationType } from '../conversation';

/**
 * Why a member may not post in a conversation, or null when they may: the
 * System chat is read-only, a direct chat where either side blocked the
 * other takes no messages, and in a channel only the owner and publishers
 * post. A pure rule of the member's link: the server's send path and its
 * realtime gateway both ask it.
 */
export function postRefusalText(link: {
  type: ConversationType;
  /** How many of the two sides of a direct chat have blocked the other. */
  direct_blocks: number;
  /** The caller's own block of the friend (as stored: 0/1 or a boolean). */
  blocked: number | boolean;
  role: string | null;
}): string | null {
  if (link.type === 'system') return MESSAGING_MSG.systemReadOnly;
  if (link.type === 'direct') {
    if (link.direct_blocks === 0) return null;
    return link.blocked === 1 || link.blocked === true
      ? GROUP_MSG.youBlockedFriend
      : GROUP_MSG.friendBlockedYou;
  }
  if (can(roleOf(link.role), 'post', link.type)) return null;
  return link.type === 'channel' ? GROUP_MSG.channelPostOnly : MSG.forbidden;
}
