import { can, roleOf } from '@parley/protocol/permissions';
import type { Clock } from '../../clock';
import { appendConversationEvent, appendUserEvent } from '../../events/log';
import type { EventTransaction } from '../../events/log';
import type { AccessRow } from '../conversations/queries';
import type { ConversationsService } from '../conversations/service';
import * as q from './queries';
import { removeAllReactions } from './reaction-queries';
import { forbidden, refuseServiceLine } from './rules';
import type { FileLinks } from './service';

// Deleting a message, for the caller only or for everyone, with what goes
// with it (its file link, its reactions, the list's last message). Built by
// service.ts, which hands in its visibility check.

export function createMessageRemoval(deps: {
  now: Clock;
  conversations: ConversationsService;
  transaction: EventTransaction;
  files: FileLinks;
  requireVisible: (
    userId: number,
    messageId: number,
  ) => Promise<{ message: q.MessageWithSender; access: AccessRow }>;
}) {
  const { now, conversations, transaction, files, requireVisible } = deps;
  return {
    /** 'me': hidden for the caller only. 'everyone': the author's alone; the text is dropped. */
    async remove(userId: number, messageId: number, scope: 'me' | 'everyone'): Promise<void> {
      const { message, access } = await requireVisible(userId, messageId);
      refuseServiceLine(message);
      const at = now().toISOString();
      if (scope === 'me') {
        await transaction(async (trx) => {
          await q.hideForUser(trx, userId, message.id);
          const payload = { conversation_id: access.id, message_id: message.id };
          await appendUserEvent(trx, userId, 'message.hidden', payload, at);
        });
        return;
      }
      if (
        message.user_id !== userId &&
        !can(roleOf(access.role), 'delete_others_messages', access.type)
      ) {
        throw forbidden();
      }
      await transaction(async (trx) => {
        await conversations.lock(trx, access.id);
        // The file link goes with the text: access to the file ends with this commit.
        await q.updateMessage(trx, message.id, {
          message: '',
          updated_at: at,
          deleted_at: at,
          ...(message.file_id !== null ? { file_id: null } : {}),
        });
        // Its reactions go with it (a deleted message shows none).
        await removeAllReactions(trx, message.id);
        const newest = (await q.newestLive(trx, access.id)) ?? null;
        const lastChanged = access.last_message_id === message.id;
        await conversations.afterRemovedMessage(trx, access.id, message, newest, lastChanged);
        await appendConversationEvent(
          trx,
          access.id,
          'message.deleted',
          // The sender: a recipient's client lowers its unread counter from it.
          // The new last message when it changed: the list's preview and order follow.
          {
            message_id: message.id,
            user_id: message.user_id,
            ...(lastChanged ? { last_message_id: newest?.id ?? null } : {}),
          },
          at,
        );
      });
      if (message.file_id !== null) await files.release(message.file_id);
    },
  };
}
