import { sql } from 'kysely';
import type { ExpressionBuilder, Insertable, Kysely, SelectQueryBuilder } from 'kysely';
import { TEXT_MESSAGE_TYPE } from '@parley/protocol/message';
import { compiledOnce, compiledOnceForList } from '../../store/compiled-once';
import { isPostgres } from '../../store/dialect';
import { conversationLock } from '../conversations/queries';
import type { Database, MessageRow, MessagesTable } from '../../store/types';
import { rowLimit } from '../../store/row-limit';

// Queries on messages. History is always an id range inside one
// conversation (index messages(conversation_id, id)), filtered by what this
// reader may see: not deleted, after their `cleared`, not hidden for them.

export type MessageWithSender = MessageRow & {
  sender_name: string | null;
  /** The sender's picture, where the query read it along (findById); else looked up. */
  sender_avatar?: string | null;
};

export interface Visibility {
  conversationId: number;
  userId: number;
  cleared: number;
}

/**
 * The sender's name by a scalar subquery: one primary-key probe per row.
 * As a join, PostgreSQL hashed the whole users table for a page of a small
 * chat (1.4 of 1.6 ms for 26 messages with 3,000 users, issue 6's bench).
 */
const senderName = (eb: ExpressionBuilder<Database & { msg: MessagesTable }, 'msg'>) =>
  eb
    .selectFrom('users as u')
    .select('u.name')
    .whereRef('u.id', '=', 'msg.user_id')
    .as('sender_name');

/** This reader's messages of a conversation (history, shared media): a query to narrow. */
export function visible(db: Kysely<Database>, v: Visibility) {
  return db
    .selectFrom('messages as msg')
    .selectAll('msg')
    .select(senderName)
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

/** Up to `limit` visible messages with id >= from, oldest first. */
export function fromId(db: Kysely<Database>, v: Visibility, from: number, limit: number) {
  return run(
    visible(db, v).where('msg.id', '>=', from).orderBy('msg.id', 'asc').limit(rowLimit(limit)),
  );
}

export interface AroundRows {
  /** Visible messages with id < at, newest first. */
  older: MessageWithSender[];
  /** Visible messages with id >= at, oldest first. */
  newer: MessageWithSender[];
}

/**
 * Up to `older` visible messages below `at` (null: the newest) and up to
 * `newer` from `at` on, in one statement: a history page and the probes
 * that tell whether more lie beyond it (fetched one or two past the page)
 * come in one round trip and one snapshot. Each side is a range of
 * messages(conversation_id, id) cut by its own LIMIT.
 */
export async function visibleAround(
  db: Kysely<Database>,
  v: Visibility,
  at: number | null,
  older: number,
  newer: number,
): Promise<AroundRows> {
  const below = at === null ? visible(db, v) : visible(db, v).where('msg.id', '<', at);
  const olderQuery = below.orderBy('msg.id', 'desc').limit(rowLimit(older));
  if (at === null) return { older: await run(olderQuery), newer: [] };
  const newerQuery = visible(db, v)
    .where('msg.id', '>=', at)
    .orderBy('msg.id', 'asc')
    .limit(rowLimit(newer));
  // Each side as a subquery: SQLite allows no LIMIT on a member of a UNION.
  const all = (await db
    .selectFrom(olderQuery.as('o'))
    .selectAll()
    .unionAll(db.selectFrom(newerQuery.as('n')).selectAll())
    .execute()) as MessageWithSender[];
  // A UNION promises no order: each side is sorted here.
  return {
    older: all.filter((m) => m.id < at).sort((a, b) => b.id - a.id),
    newer: all.filter((m) => m.id >= at).sort((a, b) => a.id - b.id),
  };
}

// Run by every send (and every action on a message): compiled once.
const byId = compiledOnce((db, id: number) =>
  db
    .selectFrom('messages as msg')
    .leftJoin('users as u', 'u.id', 'msg.user_id')
    .selectAll('msg')
    .select(['u.name as sender_name', 'u.avatar as sender_avatar'])
    .where('msg.id', '=', id),
);

export async function findById(
  db: Kysely<Database>,
  id: number,
): Promise<MessageWithSender | undefined> {
  const [row] = await byId(db, id);
  return row;
}

/**
 * The channel's name when the message is a channel's post, else null (a
 * scalar subquery, one primary-key probe per row): a quoted or forwarded
 * post is signed by the channel, never by its poster (PERMISSIONS.md).
 */
const channelName = (eb: ExpressionBuilder<Database & { msg: MessagesTable }, 'msg'>) =>
  eb
    .selectFrom('conversations as c')
    .select((inner) => inner.fn.coalesce('c.name', sql<string>`''`).as('name'))
    .whereRef('c.id', '=', 'msg.conversation_id')
    .where('c.type', '=', 'channel')
    .as('channel_name');

/** A row of findByIds: with the channel's name when it is a channel's post. */
export type RefRow = MessageWithSender & { channel_name: string | null };

export const findByIds = compiledOnceForList(
  (db, ids: readonly number[]): SelectQueryBuilder<Database, 'messages', RefRow> =>
    db
      .selectFrom('messages as msg')
      .selectAll('msg')
      .select(senderName)
      .select(channelName)
      .where('msg.id', 'in', ids)
      .orderBy('msg.id', 'asc') as SelectQueryBuilder<Database, 'messages', RefRow>,
);

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
    replyMarkup: string | null,
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
        reply_markup: replyMarkup,
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
    values.reply_markup ?? null,
  );
  if (!row) throw new Error('insertMessage: no id returned');
  return row.id;
}

export async function updateMessage(
  db: Kysely<Database>,
  id: number,
  change: {
    message?: string;
    edited?: number;
    updated_at: string;
    deleted_at?: string;
    file_id?: null;
    /** A bot's inline keyboard (JSON), or null to take it away. */
    reply_markup?: string | null;
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
    .limit(rowLimit(1))
    .executeTakeFirst();
}

/**
 * The conversation's newest message id (0 when it has none), read under the
 * conversation's row lock: on PostgreSQL the lock's UPDATE (the same no-op
 * as conversations' lockConversation) returns it, one statement for both.
 * SQLite has one writer, already in this transaction: a plain read.
 */
export async function lockedLastMessageId(
  db: Kysely<Database>,
  conversationId: number,
): Promise<number> {
  const row = isPostgres(db)
    ? await conversationLock(db, conversationId).returning('last_message_id').executeTakeFirst()
    : await db
        .selectFrom('conversations')
        .select('last_message_id')
        .where('id', '=', conversationId)
        .executeTakeFirst();
  return row?.last_message_id ?? 0;
}
