import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import { compiledOnce } from '../../store/compiled-once';
import type { Database } from '../../store/types';
import { flagIs } from '../../store/flag-literal';

// Writes that follow a new message, run in the sender's transaction.

// Every send moves the conversation's last message; every send to a
// one-to-one kind looks for links to revive: both compiled once.
const lastMessageIs = compiledOnce((db, conversationId: number, id: number, at: string) =>
  db
    .updateTable('conversations')
    .set({ last_message_id: id, last_message_at: at, last_activity_at: at })
    .where('id', '=', conversationId),
);

// The predicate is word for word the partial index conversation_members_revive's
// (migration 0024), so the look-up is a probe of that (usually empty) index.
export const reviveQuery = (db: Kysely<Database>, conversationId: number) =>
  db
    .updateTable('conversation_members')
    .set({ deleted: 0 })
    .where('conversation_id', '=', conversationId)
    .where(sql<SqlBool>`deleted = true`)
    .returning('user_id');
const revive = compiledOnce(reviveQuery);

export async function setLastMessage(
  db: Kysely<Database>,
  conversationId: number,
  message: { id: number; created_at: string } | null,
): Promise<void> {
  if (message) {
    await lastMessageIs(db, conversationId, message.id, message.created_at);
    return;
  }
  await db
    .updateTable('conversations')
    .set({ last_message_id: null, last_message_at: null })
    .where('id', '=', conversationId)
    .execute();
}

/** Brings back links deleted-for-me; returns whose. */
export async function reviveDeleted(
  db: Kysely<Database>,
  conversationId: number,
): Promise<number[]> {
  const rows = await revive(db, conversationId);
  return rows.map((r) => r.user_id);
}

// Every send: compiled once. The predicate is word for word the partial index
// conversation_members_unarchive's (migration 0013), literals included, so the
// look-up is a probe of that index. A server notice has no sender: 0 is no
// user's id, so it unhides every recipient's link.
export const unarchiveQuery = (db: Kysely<Database>, conversationId: number, senderId: number) =>
  db
    .updateTable('conversation_members')
    .set({ hidden: 0 })
    .where('conversation_id', '=', conversationId)
    .where(sql<SqlBool>`hidden = true and muted = false and deleted = false`)
    .where('user_id', '!=', senderId)
    .returning('user_id');
const unarchive = compiledOnce(unarchiveQuery);

/**
 * A new message brings the recipients' hidden links back to the list unless
 * they are muted (the archive, protocol rules/archive.ts); returns whose.
 */
export async function unarchiveForMessage(
  db: Kysely<Database>,
  conversationId: number,
  senderId: number | null,
): Promise<number[]> {
  const rows = await unarchive(db, conversationId, senderId ?? 0);
  return rows.map((r) => r.user_id);
}

// A person's message (every send): compiled once.
const unreadForOthers = compiledOnce((db, conversationId: number, senderId: number) =>
  db
    .updateTable('conversation_members')
    .set((eb) => ({ new_messages: eb('new_messages', '+', 1) }))
    .where('conversation_id', '=', conversationId)
    .where(flagIs('deleted', false))
    .where('user_id', '!=', senderId),
);

/** +1 unread for every present member but the sender. */
export async function incrementUnread(
  db: Kysely<Database>,
  conversationId: number,
  senderId: number | null,
): Promise<void> {
  if (senderId !== null) {
    await unreadForOthers(db, conversationId, senderId);
    return;
  }
  // A notice from the server itself: everyone's counter.
  await db
    .updateTable('conversation_members')
    .set((eb) => ({ new_messages: eb('new_messages', '+', 1) }))
    .where('conversation_id', '=', conversationId)
    .where(flagIs('deleted', false))
    .execute();
}

/** −1 unread for members who had not read a message that is now gone. */
export async function decrementUnreadFor(
  db: Kysely<Database>,
  conversationId: number,
  message: { id: number; user_id: number | null },
): Promise<void> {
  let query = db
    .updateTable('conversation_members')
    .set((eb) => ({ new_messages: eb('new_messages', '-', 1) }))
    .where('conversation_id', '=', conversationId)
    .where('new_messages', '>', 0)
    .where('cleared', '<', message.id)
    .where((eb) =>
      eb.or([eb('last_read_message_id', 'is', null), eb('last_read_message_id', '<', message.id)]),
    );
  if (message.user_id !== null) query = query.where('user_id', '!=', message.user_id);
  await query.execute();
}

/** Members of the conversation whose username key is one of `keys`. */
export async function membersByUsernameKey(
  db: Kysely<Database>,
  conversationId: number,
  keys: string[],
): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('conversation_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.conversation_id', '=', conversationId)
    .where(flagIs('m.deleted', false))
    .where('u.username_key', 'in', keys)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function setMention(
  db: Kysely<Database>,
  conversationId: number,
  userIds: number[],
  messageId: number,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('conversation_members')
    .set({ mentioned_message_id: messageId })
    .where('conversation_id', '=', conversationId)
    .where('user_id', 'in', userIds)
    .execute();
}
