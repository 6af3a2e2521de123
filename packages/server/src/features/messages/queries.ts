import { sql } from 'kysely';
import type { Insertable, Kysely, SelectQueryBuilder } from 'kysely';
import { TEXT_MESSAGE_TYPE } from '@parley/protocol/message';
import { compiledOnce } from '../../store/compiled-once';
import type { Database, MessageRow, MessagesTable } from '../../store/types';

// Queries on messages. History is always an id range inside one
// conversation (index messages(conversation_id, id)), filtered by what this
// reader may see: not deleted, after their `cleared`, not hidden for them.

export type MessageWithSender = MessageRow & { sender_name: string | null };

export interface Visibility {
  conversationId: number;
  userId: number;
  cleared: number;
}

function visible(db: Kysely<Database>, v: Visibility) {
  return db
    .selectFrom('messages as msg')
    .leftJoin('users as u', 'u.id', 'msg.user_id')
    .selectAll('msg')
    .select('u.name as sender_name')
    .where('msg.conversation_id', '=', v.conversationId)
    .where('msg.deleted_at', 'is', null)
    .where('msg.id', '>', v.cleared)
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

type Visible = ReturnType<typeof visible>;
const run = (query: Visible): Promise<MessageWithSender[]> =>
  (query as SelectQueryBuilder<Database, 'messages', MessageWithSender>).execute();

/** Up to `limit` visible messages with id < before (or the newest), newest first. */
export function olderThan(
  db: Kysely<Database>,
  v: Visibility,
  before: number | null,
  limit: number,
) {
  let query = visible(db, v);
  if (before !== null) query = query.where('msg.id', '<', before);
  return run(query.orderBy('msg.id', 'desc').limit(limit));
}

/** Up to `limit` visible messages with id >= from, oldest first. */
export function fromId(db: Kysely<Database>, v: Visibility, from: number, limit: number) {
  return run(visible(db, v).where('msg.id', '>=', from).orderBy('msg.id', 'asc').limit(limit));
}

export async function anyVisible(
  db: Kysely<Database>,
  v: Visibility,
  side: '<' | '>',
  id: number,
): Promise<boolean> {
  const row = await visible(db, v).where('msg.id', side, id).limit(1).executeTakeFirst();
  return row !== undefined;
}

// Run by every send (and every action on a message): compiled once.
const byId = compiledOnce((db, id: number) =>
  db
    .selectFrom('messages as msg')
    .leftJoin('users as u', 'u.id', 'msg.user_id')
    .selectAll('msg')
    .select('u.name as sender_name')
    .where('msg.id', '=', id),
);

export async function findById(
  db: Kysely<Database>,
  id: number,
): Promise<MessageWithSender | undefined> {
  const [row] = await byId(db, id);
  return row;
}

export function findByIds(db: Kysely<Database>, ids: number[]): Promise<MessageWithSender[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('messages as msg')
    .leftJoin('users as u', 'u.id', 'msg.user_id')
    .selectAll('msg')
    .select('u.name as sender_name')
    .where('msg.id', 'in', ids)
    .orderBy('msg.id', 'asc')
    .execute();
}

const byUuid = compiledOnce((db, userId: number, uuid: string) =>
  db.selectFrom('messages').selectAll().where('user_id', '=', userId).where('uuid', '=', uuid),
);

export async function findByUuid(
  db: Kysely<Database>,
  userId: number,
  uuid: string,
): Promise<MessageRow | undefined> {
  const [row] = await byUuid(db, userId, uuid);
  return row;
}

// Every send: compiled once, every column named (the type's default too).
const insertRow = compiledOnce(
  (
    db,
    conversationId: number,
    userId: number | null,
    uuid: string,
    message: string,
    type: string,
    parentId: number | null,
    forwardedId: number | null,
    fileId: number | null,
    createdAt: string,
    updatedAt: string,
  ) =>
    db
      .insertInto('messages')
      .values({
        conversation_id: conversationId,
        user_id: userId,
        uuid,
        message,
        type,
        parent_id: parentId,
        forwarded_id: forwardedId,
        file_id: fileId,
        created_at: createdAt,
        updated_at: updatedAt,
      })
      .returning('id'),
);

export async function insertMessage(
  db: Kysely<Database>,
  values: Insertable<MessagesTable>,
): Promise<number> {
  const [row] = await insertRow(
    db,
    values.conversation_id,
    values.user_id ?? null,
    values.uuid,
    values.message,
    values.type ?? TEXT_MESSAGE_TYPE,
    values.parent_id ?? null,
    values.forwarded_id ?? null,
    values.file_id ?? null,
    values.created_at,
    values.updated_at,
  );
  if (!row) throw new Error('insertMessage: no id returned');
  return row.id;
}

export async function updateMessage(
  db: Kysely<Database>,
  id: number,
  change: {
    message: string;
    edited?: number;
    updated_at: string;
    deleted_at?: string;
    file_id?: null;
  },
): Promise<void> {
  await db.updateTable('messages').set(change).where('id', '=', id).execute();
}

export async function hideForUser(db: Kysely<Database>, userId: number, messageId: number) {
  await db
    .insertInto('message_hidden')
    .values({ user_id: userId, message_id: messageId })
    .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
    .execute();
}

/** The newest message of the conversation that is not deleted. */
export function newestLive(db: Kysely<Database>, conversationId: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The conversation's newest message id (0 when it has none). */
export async function lastMessageId(db: Kysely<Database>, conversationId: number): Promise<number> {
  const row = await db
    .selectFrom('conversations')
    .select('last_message_id')
    .where('id', '=', conversationId)
    .executeTakeFirst();
  return row?.last_message_id ?? 0;
}

/**
 * Others' messages the reader can see after `after`: the unread counter.
 * A range scan of messages(conversation_id, id) over what is left unread, so
 * the caller skips it when nothing is (a read up to the newest message).
 */
export async function countUnread(
  db: Kysely<Database>,
  v: Visibility,
  after: number,
): Promise<number> {
  const row = await db
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
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
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

/** A channel's view counts: +1 on others' posts in (after, upTo], once per reader. */
export async function countViews(
  db: Kysely<Database>,
  conversationId: number,
  readerId: number,
  after: number,
  upTo: number,
): Promise<void> {
  await db
    .updateTable('messages')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('conversation_id', '=', conversationId)
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '!=', readerId)]))
    .execute();
}
