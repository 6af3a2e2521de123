import type { Reaction } from '@parley/protocol/reactions';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/types';
import { compiledOnceForList } from '../../store/compiled-once';

// The message_reactions table (0021-reactions): a person's one reaction on
// a message, and the aggregated lists messages carry.

/** Sets `userId`'s reaction on the message (replacing theirs). */
export async function setReaction(
  db: Kysely<Database>,
  row: { message_id: number; user_id: number; emoji: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('message_reactions')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['message_id', 'user_id']).doUpdateSet({
        emoji: row.emoji,
        created_at: row.created_at,
      }),
    )
    .execute();
}

/** Takes `userId`'s reaction off the message; true when there was one. */
export async function removeReaction(
  db: Kysely<Database>,
  messageId: number,
  userId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('message_reactions')
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every reaction on the message goes (delete for everyone). */
export async function removeAllReactions(db: Kysely<Database>, messageId: number): Promise<void> {
  await db.deleteFrom('message_reactions').where('message_id', '=', messageId).execute();
}

/** The reaction rows of these messages, oldest first: one query for a whole page. */
const rowsOf = compiledOnceForList((db, messageIds: readonly number[]) =>
  db
    .selectFrom('message_reactions')
    .select(['message_id', 'user_id', 'emoji'])
    .where('message_id', 'in', messageIds)
    .orderBy('created_at')
    .orderBy('user_id'),
);

/**
 * Rows → Reactions: one per emoji, most chosen first, ties in the order the
 * emoji was first chosen; user ids oldest first. The same order wherever it
 * is built, so a fetched list and an event's list compare equal.
 */
export function aggregate(rows: readonly { user_id: number; emoji: string }[]): Reaction[] {
  const byEmoji = new Map<string, number[]>();
  for (const r of rows) {
    const users = byEmoji.get(r.emoji);
    if (users) users.push(r.user_id);
    else byEmoji.set(r.emoji, [r.user_id]);
  }
  return [...byEmoji.entries()]
    .map(([emoji, user_ids]) => ({ emoji, count: user_ids.length, user_ids }))
    .sort((a, b) => b.count - a.count);
}

/** Each message's reactions (absent: none), with one query. */
export async function reactionsOf(
  db: Kysely<Database>,
  messageIds: readonly number[],
): Promise<Map<number, Reaction[]>> {
  if (messageIds.length === 0) return new Map();
  const rows = await rowsOf(db, messageIds);
  const byMessage = new Map<number, { user_id: number; emoji: string }[]>();
  for (const r of rows) {
    const list = byMessage.get(r.message_id);
    if (list) list.push(r);
    else byMessage.set(r.message_id, [r]);
  }
  return new Map([...byMessage.entries()].map(([id, list]) => [id, aggregate(list)]));
}

/** Who reacted to one message, with their names, oldest first. */
export function reactorsOf(db: Kysely<Database>, messageId: number) {
  return db
    .selectFrom('message_reactions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.emoji', 'r.user_id', 'u.name'])
    .where('r.message_id', '=', messageId)
    .orderBy('r.created_at')
    .orderBy('r.user_id')
    .execute();
}
