import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { countsInUnread, unreadSum } from '../conversations/queries';
import type { Database } from '../../store/types';
import { rowLimit } from '../../store/row-limit';
import type { Visibility } from './queries';

// Queries of a reader's read marks and of channel view counts: what a read
// moves (read-marks.ts) and what channel-views.ts tells.

/**
 * Others' messages the reader can see after `after`: the unread counter.
 * A range scan of messages(conversation_id, id) over what is left unread.
 */
function unreadAfter(db: Kysely<Database>, v: Visibility, after: number) {
  return db
    .selectFrom('messages as msg')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('msg.conversation_id', '=', v.conversationId)
    .where('msg.deleted_at', 'is', null)
    .where('msg.id', '>', Math.max(after, v.cleared))
    .where((eb) => eb.or([eb('msg.user_id', 'is', null), eb('msg.user_id', '!=', v.userId)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('message_hidden as h')
            .select(sql`1`.as('one'))
            .whereRef('h.message_id', '=', 'msg.id')
            .where('h.user_id', '=', v.userId),
        ),
      ),
    );
}

export interface ReadMarks {
  lastRead: number | null;
  mention: number | null;
  /** Recount unread after this id; null: nothing is left (a read up to the newest message). */
  countAfter: number | null;
}

/**
 * The reader's pivot after a read, in one UPDATE: the marker, the mention,
 * and the unread counter recounted inside it. Returns the stored counter
 * and the reader's global unread count (globalUnread) as it now stands:
 * the other conversations' sum, read beside the update, plus this one's.
 */
export async function setReadMarks(
  db: Kysely<Database>,
  v: Visibility,
  marks: ReadMarks,
): Promise<{ newMessages: number; unreadCount: number }> {
  const row = await db
    .updateTable('conversation_members')
    .set({
      last_read_message_id: marks.lastRead,
      mentioned_message_id: marks.mention,
      new_messages: marks.countAfter === null ? 0 : unreadAfter(db, v, marks.countAfter),
    })
    .where('user_id', '=', v.userId)
    .where('conversation_id', '=', v.conversationId)
    .returning((eb) => [
      'new_messages',
      eb(
        eb.case().when(countsInUnread(eb)).then(eb.ref('new_messages')).else(0).end(),
        '+',
        unreadSum(db, v.userId, v.conversationId),
      ).as('unread_count'),
    ])
    .executeTakeFirstOrThrow();
  return { newMessages: Number(row.new_messages), unreadCount: Number(row.unread_count) };
}

/**
 * Spec 4, Views: others' messages in (after, upTo] become viewed. Returns
 * how many changed. The caller passes the reader's previous marker as
 * `after`: everything up to it was marked by that earlier read (the marker
 * only moves through reads), so a read costs what it newly covers, not the
 * whole history.
 */
export async function markViewed(
  db: Kysely<Database>,
  conversationId: number,
  readerId: number,
  after: number,
  upTo: number,
): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set({ views: 1 })
    .where('conversation_id', '=', conversationId)
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .where('views', '=', 0)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '!=', readerId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A channel's view counts: +1 on others' posts in (after, upTo], once per reader; how many. */
export async function countViews(
  db: Kysely<Database>,
  conversationId: number,
  readerId: number,
  after: number,
  upTo: number,
): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('conversation_id', '=', conversationId)
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '!=', readerId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The view counts of a channel's posts in (after, upTo], the newest `limit`, ascending by id. */
export async function viewCounts(
  db: Kysely<Database>,
  conversationId: number,
  range: { after: number; upTo: number },
  limit: number,
): Promise<{ id: number; views: number }[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'views'])
    .where('conversation_id', '=', conversationId)
    .where('id', '>', range.after)
    .where('id', '<=', range.upTo)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(rowLimit(limit))
    .execute();
  return rows.reverse();
}
