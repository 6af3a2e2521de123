import type { Kysely } from 'kysely';
import type { Database } from '../../store/types';

// The two event logs realtime will resume from. Each append takes the next
// sequence with an UPDATE … RETURNING on the owning row, inside the caller's
// transaction: on PostgreSQL that row lock orders concurrent writers to one
// conversation (so message ids and seqs rise together), on SQLite the single
// writer does. A client that saw seq N reads `seq > N` and misses nothing.

export type ConversationEventType =
  | 'conversation.created'
  | 'message.new'
  | 'message.edited'
  | 'message.deleted'
  | 'message.viewed'
  | 'conversation.pinned_message';

export type UserEventType =
  | 'conversation.joined'
  | 'conversation.updated'
  | 'conversation.read'
  | 'conversation.cleared'
  | 'conversation.deleted'
  | 'conversation.restored'
  | 'message.hidden';

export async function appendConversationEvent(
  trx: Kysely<Database>,
  conversationId: number,
  type: ConversationEventType,
  payload: Record<string, unknown>,
  at: string,
): Promise<number> {
  const { last_seq: seq } = await trx
    .updateTable('conversations')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('id', '=', conversationId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('conversation_events')
    .values({
      conversation_id: conversationId,
      seq,
      type,
      payload: JSON.stringify(payload),
      created_at: at,
    })
    .execute();
  return seq;
}

export async function appendUserEvent(
  trx: Kysely<Database>,
  userId: number,
  type: UserEventType,
  payload: Record<string, unknown>,
  at: string,
): Promise<number> {
  const { last_seq: seq } = await trx
    .updateTable('users')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('id', '=', userId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('user_events')
    .values({ user_id: userId, seq, type, payload: JSON.stringify(payload), created_at: at })
    .execute();
  return seq;
}
