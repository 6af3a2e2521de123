import { sql } from 'kysely';
import type { ExpressionBuilder, Insertable, Kysely, Updateable } from 'kysely';
import { compiledOnce } from '../../store/compiled-once';
import { isPostgres } from '../../store/dialect';
import type {
  ConversationMembersTable,
  ConversationRow,
  ConversationsTable,
  Database,
  MemberRow,
} from '../../store/types';
import { flagIs } from '../../store/flag-literal';

// Queries on conversations and their member links. The read side also joins
// users (names, avatars) and messages (the last-message preview) so a list
// page costs three queries whatever its length.

/** A conversation seen through one member's link: the two rows share no column name. */
export type AccessRow = ConversationRow & MemberRow;

export async function insertConversation(
  db: Kysely<Database>,
  values: Insertable<ConversationsTable>,
): Promise<number> {
  const row = await db
    .insertInto('conversations')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMembers(
  db: Kysely<Database>,
  rows: Insertable<ConversationMembersTable>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('conversation_members').values(rows).execute();
}

export async function idByUniqueKey(db: Kysely<Database>, key: string): Promise<number | null> {
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('unique_key', '=', key)
    .executeTakeFirst();
  return row?.id ?? null;
}

// The access check of every call on a conversation: compiled once.
const access = compiledOnce((db, userId: number, conversationId: number) =>
  db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .selectAll('c')
    .selectAll('m')
    .where('m.user_id', '=', userId)
    .where('m.conversation_id', '=', conversationId),
);

export async function findAccess(
  db: Kysely<Database>,
  userId: number,
  conversationId: number,
): Promise<AccessRow | undefined> {
  const [row] = await access(db, userId, conversationId);
  return row;
}

export interface FriendRow {
  conversation_id: number;
  id: number;
  name: string;
  avatar: string | null;
  status: string | null;
  blocked: boolean | number;
  is_bot: boolean | number | null;
  is_official: boolean | number | null;
  bot_owner_id: number | null;
}

/**
 * The other member of each direct conversation. The users' columns come by
 * scalar subqueries, i.e. one primary-key probe per row on both stores: as a
 * join, PostgreSQL hashed the whole users table for a page's few dozen rows
 * (1.3 of 1.5 ms with 3,000 users, issue 6's history bench).
 */
export function friendsOf(
  db: Kysely<Database>,
  userId: number,
  conversationIds: number[],
): Promise<FriendRow[]> {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('conversation_members as m')
    .select((eb) => {
      const ofUser = <
        C extends 'name' | 'avatar' | 'status' | 'is_bot' | 'is_official' | 'bot_owner_id',
      >(
        column: C,
      ) =>
        eb
          .selectFrom('users as u')
          .select(`u.${column}` as `u.${C}`)
          .whereRef('u.id', '=', 'm.user_id');
      return [
        'm.conversation_id',
        'm.user_id as id',
        eb.fn.coalesce(ofUser('name'), sql<string>`''`).as('name'),
        ofUser('avatar').as('avatar'),
        ofUser('status').as('status'),
        ofUser('is_bot').as('is_bot'),
        ofUser('is_official').as('is_official'),
        ofUser('bot_owner_id').as('bot_owner_id'),
        'm.blocked',
      ];
    })
    .where('m.conversation_id', 'in', conversationIds)
    .where('m.user_id', '!=', userId)
    .execute();
}

export interface PreviewRow {
  id: number;
  message: string;
  type: string;
  created_at: string;
  user_id: number | null;
  deleted_at: string | null;
  sender_name: string | null;
}

export function messagePreviews(db: Kysely<Database>, ids: number[]): Promise<PreviewRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  // The sender's name by a scalar subquery, not a join: see friendsOf.
  return db
    .selectFrom('messages as msg')
    .select((eb) => [
      'msg.id',
      'msg.message',
      'msg.type',
      'msg.created_at',
      'msg.user_id',
      'msg.deleted_at',
      eb
        .selectFrom('users as u')
        .select('u.name')
        .whereRef('u.id', '=', 'msg.user_id')
        .as('sender_name'),
    ])
    .where('msg.id', 'in', ids)
    .execute();
}

/** Sum of new_messages over the user's conversations that are not muted (spec 4). */
export async function userLastSeq(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('last_seq')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.last_seq ?? 0;
}

/**
 * Whether a member row's unread counts in the global count: the protocol's
 * `countsInGlobalUnread` (not muted, not hidden) on a link not left. The one
 * SQL text of it: the sum below and a read's reply (messages setReadMarks).
 */
export const countsInUnread = (eb: ExpressionBuilder<Database, 'conversation_members'>) =>
  eb.and([flagIs('muted', false), flagIs('hidden', false), flagIs('deleted', false)]);

/**
 * The sum behind globalUnread (countsInUnread's conversations), over all of
 * them or all but `except`: a read marker adds its own conversation's new
 * counter (messages setReadMarks).
 */
export function unreadSum(db: Kysely<Database>, userId: number, except: number | null = null) {
  const query = db
    .selectFrom('conversation_members')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('new_messages'), sql<number>`0`).as('count'))
    .where('user_id', '=', userId)
    .where(countsInUnread);
  return except === null ? query : query.where('conversation_id', '!=', except);
}

export async function globalUnread(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await unreadSum(db, userId).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export type PivotChange = Updateable<ConversationMembersTable>;

export async function updatePivot(
  db: Kysely<Database>,
  userId: number,
  conversationId: number,
  change: PivotChange,
): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set(change)
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .execute();
}

export async function setPinnedMessage(
  db: Kysely<Database>,
  conversationId: number,
  messageId: number | null,
): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ pinned_message_id: messageId })
    .where('id', '=', conversationId)
    .execute();
}

/**
 * Row lock on the conversation until the transaction ends: serializes
 * writers of one conversation on PostgreSQL. SQLite has one writer (this
 * process's one connection, in a transaction), so there it is skipped — one
 * UPDATE less in every send.
 */
export async function lockConversation(
  db: Kysely<Database>,
  conversationId: number,
): Promise<void> {
  if (!isPostgres(db)) return;
  await conversationLock(db, conversationId).execute();
}

/** The no-op UPDATE behind lockConversation; a caller may add a RETURNING to it. */
export function conversationLock(db: Kysely<Database>, conversationId: number) {
  return db
    .updateTable('conversations')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 0) }))
    .where('id', '=', conversationId);
}

/** The other member of a direct chat. */
export async function otherMember(
  db: Kysely<Database>,
  conversationId: number,
  userId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Present members per conversation (one grouped query for a page of the list). */
export async function memberCounts(
  db: Kysely<Database>,
  conversationIds: number[],
): Promise<Map<number, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversation_members')
    .select(['conversation_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('conversation_id', 'in', conversationIds)
    .where('member_status', '=', 'member')
    .groupBy('conversation_id')
    .execute();
  return new Map(rows.map((r) => [r.conversation_id, Number(r.count)]));
}
