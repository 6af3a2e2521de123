import type { ReadReply } from '@parley/protocol/message';
import type { Clock } from '../../clock';
import { appendConversationEvent, appendUserEvent } from '../../events/log';
import type { eventTransaction } from '../../events/log';
import type { ConversationsService } from '../conversations/service';
import type { ChannelViews } from './channel-views';
import * as q from './queries';
import { countViews, markViewed, setReadMarks } from './read-queries';
import { NO_VIEWS, visibility } from './rules';

// Read marks (spec 7 `/user/messages/read/{id}`): the reader's marker, the
// unread counter and mention, channel view counts and the views flag, in one
// transaction. Its cost follows what the read newly covers, not the history.

export function createReadMarks(deps: {
  now: Clock;
  conversations: ConversationsService;
  transaction: ReturnType<typeof eventTransaction>;
  /** Where a channel read's counted views are noted, to be told in a throttled event. */
  channelViews: ChannelViews | null;
}) {
  const { now, conversations, transaction, channelViews } = deps;

  /**
   * Spec 7 read: the marker only moves forward; unread is recounted from
   * it; a mention read past is cleared; others' messages become viewed.
   */
  async function read(
    userId: number,
    conversationId: number,
    messageId: number | null,
  ): Promise<ReadReply> {
    const access = await conversations.requireAccess(userId, conversationId);
    const newest = access.last_message_id ?? 0;
    const target = Math.min(messageId ?? newest, newest);
    const upTo = Math.max(target, access.last_read_message_id ?? 0);
    const at = now().toISOString();
    const before = access.last_read_message_id ?? 0;
    const { stored: counts, counted } = await transaction(async (trx) => {
      /** The channel posts whose count this read raised: (after, upTo], or null. */
      let counted: { after: number; upTo: number } | null = null;
      // The conversation's lock, and its newest message as of the lock (a
      // send may have committed since `access` was loaded): read up to it,
      // nothing is left to count.
      const newestNow = await q.lockedLastMessageId(trx, access.id);
      const mention =
        access.mentioned_message_id !== null && access.mentioned_message_id <= upTo
          ? null
          : access.mentioned_message_id;
      const lastRead = upTo > 0 ? upTo : access.last_read_message_id;
      const marks = { lastRead, mention, countAfter: upTo >= newestNow ? null : upTo };
      const stored = await setReadMarks(trx, visibility(userId, access), marks);
      const count = stored.newMessages;
      // The pivot's values as stored (null, not 0, while nothing was ever read).
      const payload = {
        conversation_id: conversationId,
        last_read_message_id: lastRead,
        new_messages: count,
        mentioned_message_id: mention,
      };
      await appendUserEvent(trx, userId, 'conversation.read', payload, at);
      // A channel counts its readers: each post's views rise once per
      // subscriber, as their read marker (which never moves back) passes it.
      // No event here: one per read would reach every subscriber; the read
      // is noted after the commit and told in a throttled `message.views`
      // (channel-views.ts). Counts also come with history.
      if (access.type === 'channel' && upTo > before) {
        const after = Math.max(before, access.cleared);
        if ((await countViews(trx, conversationId, userId, after, upTo)) > 0) {
          counted = { after, upTo };
        }
      }
      if (
        !NO_VIEWS.has(access.type) &&
        upTo > 0 &&
        (await markViewed(trx, conversationId, userId, before, upTo)) > 0
      ) {
        const viewed = { user_id: userId, up_to: upTo };
        await appendConversationEvent(trx, conversationId, 'message.viewed', viewed, at);
      }
      return { stored, counted };
    });
    if (counted) channelViews?.noteCounted(conversationId, counted.after, counted.upTo);
    return { status: 'ok', new_messages: counts.newMessages, unread_count: counts.unreadCount };
  }

  return read;
}
