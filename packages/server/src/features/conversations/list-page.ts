import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { ID_MAX } from '@parley/protocol/constants';
import { MSG } from '@parley/protocol/messages';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import { HttpError } from '../../http/http-error';
import type { ConversationMembersTable, Database } from '../../store/types';
import type { AccessRow } from './queries';
import { rowLimit } from '../../store/row-limit';
import { flagIs } from '../../store/flag-literal';

// One page of a user's conversation list: pinned first, then newest activity,
// then id, all descending.
//
// The obvious query starts from the user's member rows and sorts them by the
// conversation's activity: a join and a sort of every chat the user has,
// because the sort key lives on the other table. Cheap for the many users in
// few chats; for a user in 2,002 (issue 6's bench) 10–14 ms on PostgreSQL. A
// copy of the activity on the member rows would make it an index scan, but
// every send would then move one index entry per member. So a reader in many
// chats gets the page in two sections instead (indexes: migration 0011; a
// send moves one entry, the conversation's):
//
// - pinned chats: from the user's pinned member rows (a handful), sorted;
// - the rest: a walk of `conversations` newest first, probing the user's
//   member row of each. The walk takes a prefix of the global order, so the
//   user's chats in it are a prefix of their own list: once it has filled the
//   page, the page is exact. The walk is bounded (`walkLimit`); when it
//   cannot fill the page (the reader is rare among the newest chats), the
//   member-driven query answers after all.
//
// A reader in few chats, a folder tab and the archive (hidden links) get the
// obvious query: a walk would mostly meet strangers' chats.

/** Sort key of the list: pinned first, then newest activity, then id. */
export interface ListCursor {
  pinned: number;
  at: string;
  id: number;
}

export interface ListOptions {
  limit: number;
  cursor: ListCursor | null;
  includeHidden: boolean;
  /** The archive: only the hidden links (read from the user's member rows, never walked). */
  hiddenOnly?: boolean;
  /** A folder tab: only the links in it (a filter on the same query). */
  folderId: number | null;
  /** walksFor's answer when the caller asked it already (beside its other reads). */
  walked?: boolean;
}

/** How a section was read; the tests check that every way is taken. */
export type ListRoute = 'pinned' | 'members' | 'walk' | 'walk-to-end' | 'walk-then-members';

export interface WalkOptions {
  /** A reader with fewer member rows than this is never walked for. */
  manyChats: number;
  /** Conversations a walk reads at most. */
  walkLimit: number;
  onRoute: (route: ListRoute) => void;
}

/**
 * Measured on the bench's store (10,000 chats, PostgreSQL, execution times):
 * a reader in one chat in five fills a page of 51 after walking about 180
 * conversations (0.9 ms) where the member-driven query sorts all 2,002 of
 * their chats (6.7 ms and more). A full walk of 2,000 costs about 3 ms, the
 * member-driven query about 1 ms per 300 chats. From 500 chats on a reader
 * is walked for; if the walk fails to fill their page, it costs them at most
 * about three times the member-driven query alone, and less the more chats
 * they have.
 */
const DEFAULT_WALK: WalkOptions = { manyChats: 500, walkLimit: 2000, onRoute: () => {} };

/** A part of the list: the pinned chats, the others, or (pinned: null) all of them. */
interface Section {
  pinned: boolean | null;
  /** Continue after this point (for a pinned section, its activity and id only); null: from the top. */
  after: ListCursor | null;
  limit: number;
}

/** The member row's own conditions, shared by every shape. */
function memberConditions(
  eb: ExpressionBuilder<{ m: ConversationMembersTable }, 'm'>,
  options: ListOptions,
  pinned: boolean | null,
) {
  const conditions: Expression<SqlBool>[] = [flagIs('m.deleted', false)];
  if (pinned !== null) conditions.push(eb('m.pinned', '=', pinned ? 1 : 0));
  if (options.hiddenOnly) conditions.push(flagIs('m.hidden', true));
  else if (!options.includeHidden) conditions.push(flagIs('m.hidden', false));
  if (options.folderId !== null) conditions.push(eb('m.folder_id', '=', options.folderId));
  return eb.and(conditions);
}

/** Strictly after (at, id) in descending (activity, id) order: a range of conversations_activity. */
const after = (table: 'c' | 'w', point: ListCursor) =>
  sql<SqlBool>`(${sql.ref(`${table}.last_activity_at`)}, ${sql.ref(`${table}.id`)}) < (${point.at}, ${point.id})`;

const pinnedRank = sql<number>`(case when m.pinned then 1 else 0 end)`;

/** From the user's member rows (all of them, or the pinned ones by their index), sorted. */
function memberDriven(
  db: Kysely<Database>,
  userId: number,
  options: ListOptions,
  section: Section,
): Promise<AccessRow[]> {
  let query = db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .selectAll('c')
    .selectAll('m')
    .where('m.user_id', '=', userId)
    .where((eb) => memberConditions(eb, options, section.pinned));
  const point = section.after;
  if (section.pinned !== null) {
    if (point) query = query.where(after('c', point));
  } else {
    if (point)
      query = query.where(
        sql<SqlBool>`(${pinnedRank}, c.last_activity_at, c.id) < (${point.pinned}, ${point.at}, ${point.id})`,
      );
    query = query.orderBy(pinnedRank, 'desc');
  }
  return query
    .orderBy('c.last_activity_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(rowLimit(section.limit))
    .execute();
}

/** The newest conversations after the section's point, at most `walkLimit`: index only. */
function newest(db: Kysely<Database>, section: Section, walkLimit: number) {
  const query = db
    .selectFrom('conversations as w')
    .select(['w.id', 'w.last_activity_at'])
    .orderBy('w.last_activity_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(rowLimit(walkLimit));
  return section.after ? query.where(after('w', section.after)) : query;
}

/** The walked conversations where the user is a member, filtered and in order. */
function walk(
  db: Kysely<Database>,
  userId: number,
  options: ListOptions,
  section: Section,
  walkLimit: number,
): Promise<AccessRow[]> {
  // The user's member rows among the walked conversations, in walk order.
  // CROSS JOIN fixes the join order on SQLite, which has no statistics and
  // would otherwise start from the member rows; PostgreSQL plans it as any
  // inner join. With the walk outermost, its order serves the ORDER BY: no
  // sort, and reading stops at the page's last row.
  const kept = db
    .selectFrom(newest(db, section, walkLimit).as('w'))
    .crossJoin('conversation_members as m')
    .selectAll('m')
    .whereRef('m.conversation_id', '=', 'w.id')
    .where('m.user_id', '=', userId)
    .where((eb) => memberConditions(eb, options, section.pinned))
    .orderBy('w.last_activity_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(rowLimit(section.limit));
  // Only then the conversations' rows, for the page alone (PostgreSQL would
  // otherwise fetch every walked one before probing the member row).
  return db
    .selectFrom(kept.as('kept'))
    .crossJoin('conversations as c')
    .selectAll('c')
    .selectAll('kept')
    .whereRef('c.id', '=', 'kept.conversation_id')
    .orderBy('c.last_activity_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
}

/** Whether fewer than `walkLimit` conversations follow the point: then a short walk saw them all. */
async function walkSawAll(
  db: Kysely<Database>,
  section: Section,
  walkLimit: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(newest(db, section, walkLimit).as('walked'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) < walkLimit;
}

/** Whether the user has at least `count` member rows (reads at most that many index entries). */
async function hasMemberRows(db: Kysely<Database>, userId: number, count: number) {
  const mine = db
    .selectFrom('conversation_members')
    .select('conversation_id')
    .where('user_id', '=', userId)
    .limit(rowLimit(count));
  const row = await db
    .selectFrom(mine.as('mine'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) >= count;
}

/** The unpinned section: the walk, or the member-driven query when the walk cannot fill it. */
async function unpinned(
  db: Kysely<Database>,
  userId: number,
  options: ListOptions,
  section: Section,
  how: WalkOptions,
): Promise<AccessRow[]> {
  const walked = await walk(db, userId, options, section, how.walkLimit);
  if (walked.length === section.limit) {
    how.onRoute('walk');
    return walked;
  }
  if (await walkSawAll(db, section, how.walkLimit)) {
    how.onRoute('walk-to-end');
    return walked;
  }
  how.onRoute('walk-then-members');
  return memberDriven(db, userId, options, section);
}

/** The cursor that continues after `row`. */
export const cursorAfter = (row: AccessRow): ListCursor => ({
  pinned: row.pinned ? 1 : 0,
  at: row.last_activity_at,
  id: row.id,
});

/**
 * Whether the page is walked for: a reader in many chats, outside a folder
 * tab. A choice of route only (every route gives the same rows), so a caller
 * may ask it beside its other reads and hand it to listPage.
 */
export async function walksFor(
  db: Kysely<Database>,
  userId: number,
  folderId: number | null,
  how: WalkOptions = DEFAULT_WALK,
): Promise<boolean> {
  return folderId === null && (await hasMemberRows(db, userId, how.manyChats));
}

export async function listPage(
  db: Kysely<Database>,
  userId: number,
  options: ListOptions,
  how: WalkOptions = DEFAULT_WALK,
): Promise<AccessRow[]> {
  const { cursor, limit } = options;
  const walked =
    !options.hiddenOnly && (options.walked ?? (await walksFor(db, userId, options.folderId, how)));
  if (!walked) {
    how.onRoute('members');
    return memberDriven(db, userId, options, { pinned: null, after: cursor, limit });
  }
  // The pinned section and a full page of the others, side by side (one round
  // trip less on PostgreSQL); the others fill what the pinned leave.
  const withPinned = cursor === null || cursor.pinned === 1;
  const unpinnedAfter = cursor?.pinned === 0 ? cursor : null;
  const section = { pinned: false, after: unpinnedAfter, limit };
  if (withPinned) how.onRoute('pinned');
  const [pinnedRows, others] = await Promise.all([
    withPinned ? memberDriven(db, userId, options, { pinned: true, after: cursor, limit }) : [],
    unpinned(db, userId, options, section, how),
  ]);
  return [...pinnedRows, ...others].slice(0, limit);
}

// Cursors are opaque to the client: "<pinned 0|1>_<activity ISO>_<id>".
const CURSOR = /^([01])_(\d{4}-\d\d-\d\dT[\d:.]+Z)_(\d{1,15})$/;

export const encodeCursor = (c: ListCursor) => `${c.pinned}_${c.at}_${c.id}`;

/** The client's `before_cursor`, or null without one; 422 when it is not one of ours. */
export function decodeCursor(text: string | undefined): ListCursor | null {
  if (text === undefined) return null;
  const m = CURSOR.exec(text);
  const at = m?.[2] ?? '';
  const id = Number(m?.[3]);
  // The store compares with both: an id past the column's range or a date
  // that is no date (month 13, 30 February) would fail the query on PostgreSQL.
  if (!m || id > ID_MAX || !realInstant(at))
    throw new HttpError(422, MSG.validationFailed, {
      before_cursor: [MESSAGING_MSG.invalidCursor],
    });
  return { pinned: Number(m[1]), at, id };
}

/**
 * Whether an ISO text names an instant as written (Date rolls 30 February
 * over to March) that PostgreSQL can hold (it has no year 0).
 */
function realInstant(iso: string): boolean {
  const time = Date.parse(iso);
  if (!Number.isFinite(time) || iso.startsWith('0000-')) return false;
  return new Date(time).toISOString().slice(0, 19) === iso.slice(0, 19);
}
