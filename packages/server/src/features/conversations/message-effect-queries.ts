import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import { compiledOnce } from '../../store/compiled-once';
import type { Database } from '../../store/types';
import { flagIs } from '../../store/flag-literal';
import { rowLimit } from '../../store/row-limit';

// Writes that follow a new message, run in the sender's transaction.

// Every send moves the conversation's last message and looks for links to
// bring back (mayBringBack below): all compiled once. The same UPDATE takes
// the seq of the send's `message.new` event (events/log.ts): one statement on
// the conversation row instead of two.
const lastMessageAndSeq = compiledOnce((db, conversationId: number, id: number, at: string) =>
  db
    .updateTable('conversations')
    .set((eb) => ({
      last_message_id: id,
      last_message_at: at,
      last_activity_at: at,
      last_seq: eb('last_seq', '+', 1),
    }))
    .where('id', '=', conversationId)
    .returning('last_seq'),
);

/** A new message is the conversation's last; returns the seq it took for its event. */
export async function newLastMessage(
  db: Kysely<Database>,
  conversationId: number,
  message: { id: number; created_at: string },
): Promise<number> {
  const [row] = await lastMessageAndSeq(db, conversationId, message.id, message.created_at);
  if (!row) throw new Error(`newLastMessage: no conversation ${conversationId}`);
  return row.last_seq;
}

// The predicates are word for word the partial indexes' (migrations 0013 and
// 0024), literals included, so each look-up is a probe of a (usually empty)
// index: SQLite uses a partial index only for a WHERE that contains its terms.
const DELETED_FOR_ME = sql<SqlBool>`deleted = true`;
const HIDDEN_UNMUTED = sql<SqlBool>`hidden = true and muted = false and deleted = false`;

export const reviveQuery = (db: Kysely<Database>, conversationId: number) =>
  db
    .updateTable('conversation_members')
    .set({ deleted: 0 })
    .where('conversation_id', '=', conversationId)
    .where(DELETED_FOR_ME)
    .returning('user_id');
const revive = compiledOnce(reviveQuery);

/** After a removal: the newest message left, or none. */
export async function setLastMessage(
  db: Kysely<Database>,
  conversationId: number,
  message: { id: number; created_at: string } | null,
): Promise<void> {
  await db
    .updateTable('conversations')
    .set({
      last_message_id: message?.id ?? null,
      last_message_at: message?.created_at ?? null,
      ...(message ? { last_activity_at: message.created_at } : {}),
    })
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

// A server notice has no sender: 0 is no user's id, so it unhides every
// recipient's link.
export const unarchiveQuery = (db: Kysely<Database>, conversationId: number, senderId: number) =>
  db
    .updateTable('conversation_members')
    .set({ hidden: 0 })
    .where('conversation_id', '=', conversationId)
    .where(HIDDEN_UNMUTED)
    .where('user_id', '!=', senderId)
    .returning('user_id');
const unarchive = compiledOnce(unarchiveQuery);

// Almost every send finds no link to bring back. An UPDATE … RETURNING that
// changes nothing still costs 4–6 µs (a write statement and its RETURNING
// table); a read of the same (empty) partial indexes about 1, so a send
// reads first and writes only when there is something to bring back.
const hiddenProbe = (db: Kysely<Database>, conversationId: number, senderId: number) =>
  db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .where(HIDDEN_UNMUTED)
    .where('user_id', '!=', senderId);
const deletedProbe = (db: Kysely<Database>, conversationId: number) =>
  db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .where(DELETED_FOR_ME);

/** One read for both kinds of link a message brings back (a one-to-one kind's send). */
export const bringBackProbeQuery = (
  db: Kysely<Database>,
  conversationId: number,
  senderId: number,
) =>
  hiddenProbe(db, conversationId, senderId)
    .unionAll(deletedProbe(db, conversationId))
    .limit(rowLimit(1));
const anyToBringBack = compiledOnce(bringBackProbeQuery);
const anyHidden = compiledOnce((db, conversationId: number, senderId: number) =>
  hiddenProbe(db, conversationId, senderId).limit(rowLimit(1)),
);

/**
 * Whether a new message could bring back a link: one deleted for its member
 * (`revive`, one-to-one kinds) or hidden and unmuted (`unarchive`). False
 * means both writes would change nothing. A send that may revive reads both
 * indexes (a one-to-one kind has no service lines, so it also unarchives);
 * a group's deleted links are members who left, which only `unarchive`'s
 * probe leaves out.
 */
export async function mayBringBack(
  db: Kysely<Database>,
  conversationId: number,
  senderId: number | null,
  kinds: { revive: boolean; unarchive: boolean },
): Promise<boolean> {
  const sender = senderId ?? 0;
  if (kinds.revive) return (await anyToBringBack(db, conversationId, sender)).length > 0;
  if (kinds.unarchive) return (await anyHidden(db, conversationId, sender)).length > 0;
  return false;
}

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
