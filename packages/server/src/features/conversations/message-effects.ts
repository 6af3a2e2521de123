import type { Kysely } from 'kysely';
import type { Database } from '../../store/types';
import { appendUserEvent } from '../../events/log';
import { GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import { PERSONAL_KINDS } from '@parley/protocol/rules/kinds';
import * as writes from './message-effect-queries';
import type { AccessRow } from './queries';

// What a new or removed message changes on its conversation and the members'
// links, run inside the messages feature's transaction.

/**
 * Last message, chats deleted-for-me come back (one-to-one kinds), hidden
 * unmuted ones too (any kind: the archive, protocol rules/archive.ts) except
 * for a group's service line, unread +1 for the others, @mentions. Returns
 * the seq taken for the message's `message.new` event, which the caller
 * appends with it (events/log.ts).
 */
export async function afterNewMessage(
  trx: Kysely<Database>,
  row: AccessRow,
  message: { id: number; user_id: number | null; created_at: string; type?: string | undefined },
  mentionKeys: string[],
): Promise<number> {
  const seq = await writes.newLastMessage(trx, row.id, message);
  // A group's service line ("Anna joined the group") is history, not news:
  // like a notification, it does not bring a chat back from the archive.
  const kinds = {
    revive: PERSONAL_KINDS.includes(row.type),
    unarchive: message.type !== GROUP_NOTICE_TYPE,
  };
  if (await writes.mayBringBack(trx, row.id, message.user_id, kinds)) {
    await bringBack(trx, row.id, message, kinds);
  }
  await writes.incrementUnread(trx, row.id, message.user_id);
  const mentioned = (await writes.membersByUsernameKey(trx, row.id, mentionKeys)).filter(
    (id) => id !== message.user_id,
  );
  await writes.setMention(trx, row.id, mentioned, message.id);
  return seq;
}

/**
 * Links deleted for their member come back (one-to-one kinds), hidden unmuted
 * ones too; each recipient's devices learn it as any pivot change
 * (docs/REALTIME.md).
 */
async function bringBack(
  trx: Kysely<Database>,
  conversationId: number,
  message: { user_id: number | null; created_at: string },
  kinds: { revive: boolean; unarchive: boolean },
): Promise<void> {
  const at = message.created_at;
  if (kinds.revive) {
    const revived = (await writes.reviveDeleted(trx, conversationId)).sort((a, b) => a - b);
    for (const userId of revived) {
      const payload = { conversation_id: conversationId };
      await appendUserEvent(trx, userId, 'conversation.restored', payload, at);
    }
  }
  if (!kinds.unarchive) return;
  const unarchived = await writes.unarchiveForMessage(trx, conversationId, message.user_id);
  for (const userId of unarchived.sort((a, b) => a - b)) {
    const payload = { conversation_id: conversationId, hidden: 0 as const };
    await appendUserEvent(trx, userId, 'conversation.updated', payload, at);
  }
}

/** A message was deleted for everyone: unread counters and the preview follow. */
export async function afterRemovedMessage(
  trx: Kysely<Database>,
  conversationId: number,
  message: { id: number; user_id: number | null },
  newLast: { id: number; created_at: string } | null,
  lastChanged: boolean,
): Promise<void> {
  await writes.decrementUnreadFor(trx, conversationId, message);
  if (lastChanged) await writes.setLastMessage(trx, conversationId, newLast);
}
