import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { MSG } from '@parley/protocol/messages';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import { HttpError } from '../../http/http-error';
import { flag } from '../../store/types';
import type { ConversationMembersTable, Database } from '../../store/types';
import type { AccessRow } from './queries';

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
// A reader in few chats, and a folder tab, get the obvious query: a walk
// would mostly meet strangers' chats.

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
  const conditions = [eb('m.deleted', '=', 0)];
  if (pinned !== null) conditions.push(eb('m.pinned', '=', pinned ? 1 : 0));
  if (!options.includeHidden) conditions.push(eb('m.hidden', '=', 0));
  if (options.folderId !== null) conditions.push(eb('m.folder_id', '=', options.folderId));
  return eb.and(conditions);
}

/** Strictly after (at, id) in descending (activity, id) order: a range of conversations_activity. */
const after = (table: 'c' | 'w', point: ListCursor) =>
  sql<SqlBool>`(${sql.ref(`${table}.last_activity_at`)}, ${sql.ref(`${table}.id`)}) < (${point.at}, ${point.id})`;

const pinnedRank = sql<number>`(case when m.pinned then 1 else 0 end)`;

/** From the user's member rows (all of them, or the pinned ones by their index), sorted. */
function memberDrivenQuery(
  db: Kysely<Database>,
  userId: number,
  options: ListOptions,
  section: Section,
) {
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
  return query.orderBy('c.last_activity_at', 'desc').orderBy('c.id', 'desc').limit(section.limit);
}

function memberDriven(
  db: Kysely<Database>,
  userId: number,
  options: ListOptions,
  section: Section,
): Promise<AccessRow[]> {
  return memberDrivenQuery(db, userId, options, section).execute();
}

/** The newest conversations after the section's point, at most `walkLimit`: index only. */
function newest(db: Kysely<Database>, section: Section, walkLimit: number) {
  const query = db
    .selectFrom('conversations as w')
    .select(['w.id', 'w.last_activity_at'])
    .orderBy('w.last_activity_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(walkLimit);
  return section.after ? query.where(after('w', section.after)) : query;
}

/** The walked conversations where the user is a member, filtered and in order. */
function walkQuery(
  db: Kysely<Database>,
  userId: number,
  options: ListOptions,
  section: Section,
  walkLimit: number,
) {
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
    .limit(section.limit);
  // Only then the conversations' rows, for the page alone (PostgreSQL would
  // otherwise fetch every walked one before probing the member row).
  return db
    .selectFrom(kept.as('kept'))
    .crossJoin('conversations as c')
    .selectAll('c')
    .selectAll('kept')
    .whereRef('c.id', '=', 'kept.conversation_id')
    .orderBy('c.last_activity_at', 'desc')
    .orderBy('c.id', 'desc');
}

/**
 * The pinned section and the walk of the others in one statement (one round
 * trip on PostgreSQL), told apart by their `pinned` flag. Each part keeps
 * its own plan as a subquery; the few rows are sorted once more outside,
 * since a UNION promises no order.
 */
async function pinnedAndWalked(
  db: Kysely<Database>,
  userId: number,
  options: ListOptions,
  pinnedSection: Section,
  section: Section,
  walkLimit: number,
): Promise<{ pinnedRows: AccessRow[]; walked: AccessRow[] }> {
  const rows = (await db
    .selectFrom(memberDrivenQuery(db, userId, options, pinnedSection).as('pinned_part'))
    .selectAll()
    .unionAll(
      db
        .selectFrom(walkQuery(db, userId, options, section, walkLimit).as('walked_part'))
        .selectAll(),
    )
    .orderBy('pinned', 'desc')
    .orderBy('last_activity_at', 'desc')
    .orderBy('id', 'desc')
    .execute()) as AccessRow[];
  return {
    pinnedRows: rows.filter((r) => flag(r.pinned)),
    walked: rows.filter((r) => !flag(r.pinned)),
  };
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

/** How many member rows the user has, counted up to `count` (reads at most that many index entries). */
function memberRowsUpTo(db: Kysely<Database>, userId: number, count: number) {
  const mine = db
    .selectFrom('conversation_members')
    .select('conversation_id')
    .where('user_id', '=', userId)
    .limit(count);
  return db.selectFrom(mine.as('mine')).select((eb) => eb.fn.countAll<number>().as('n'));
}

/** The unpinned section: the walk, or the member-driven query when the walk cannot fill it. */
async function unpinned(
  db: Kysely<Database>,
  userId: number,
  options: ListOptions,
  section: Section,
  how: WalkOptions,
  walked: AccessRow[],
): Promise<AccessRow[]> {
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
  if (folderId !== null) return false;
  const row = await memberRowsUpTo(db, userId, how.manyChats).executeTakeFirstOrThrow();
  return Number(row.n) >= how.manyChats;
}

/** What a first page reads before its rows: see listStart. */
export interface ListStart {
  /** The id of the conversation whose unique key was asked for; null when it is missing. */
  own: number | null;
  /** The user's event seq. */
  seq: number;
  /** walksFor's answer. */
  walked: boolean;
}

/**
 * A first page's reads before its rows, in one statement (one round trip on
 * PostgreSQL): whether the user's own conversation (`ownKey`) exists, their
 * seq, and walksFor's choice of route.
 */
export async function listStart(
  db: Kysely<Database>,
  userId: number,
  ownKey: string,
  folderId: number | null,
  how: WalkOptions = DEFAULT_WALK,
): Promise<ListStart> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('conversations').select('id').where('unique_key', '=', ownKey).as('own'),
      eb.selectFrom('users').select('last_seq').where('id', '=', userId).as('seq'),
      // A folder tab is never walked: its count is not read.
      (folderId === null ? memberRowsUpTo(db, userId, how.manyChats) : eb.val(0)).as('n'),
    ])
    .executeTakeFirstOrThrow();
  return {
    own: row.own ?? null,
    seq: row.seq ?? 0,
    walked: folderId === null && Number(row.n) >= how.manyChats,
  };
}

export async function listPage(
  db: Kysely<Database>,
  userId: number,
  options: ListOptions,
  how: WalkOptions = DEFAULT_WALK,
): Promise<AccessRow[]> {
  const { cursor, limit } = options;
  if (!(options.walked ?? (await walksFor(db, userId, options.folderId, how)))) {
    how.onRoute('members');
    return memberDriven(db, userId, options, { pinned: null, after: cursor, limit });
  }
  // The pinned section and a full page of the others, in one statement; the
  // others fill what the pinned leave.
  const withPinned = cursor === null || cursor.pinned === 1;
  const unpinnedAfter = cursor?.pinned === 0 ? cursor : null;
  const section = { pinned: false, after: unpinnedAfter, limit };
  if (!withPinned) {
    const walked = await walkQuery(db, userId, options, section, how.walkLimit).execute();
    return unpinned(db, userId, options, section, how, walked);
  }
  how.onRoute('pinned');
  const pinnedSection = { pinned: true, after: cursor, limit };
  const { pinnedRows, walked } = await pinnedAndWalked(
    db,
    userId,
    options,
    pinnedSection,
    section,
    how.walkLimit,
  );
  const others = await unpinned(db, userId, options, section, how, walked);
  return [...pinnedRows, ...others].slice(0, limit);
}

// Cursors are opaque to the client: "<pinned 0|1>_<activity ISO>_<id>_<w|m>".
// The last part is the route the first page took (walksFor: w walked, m
// not), so the pages after it skip that read: a round trip on PostgreSQL.
// It is a hint only, as every route gives the same rows: a stale or forged
// one costs time, never a wrong page. Cursors without it are still read.
const CURSOR = /^([01])_(\d{4}-\d\d-\d\dT[\d:.]+Z)_(\d{1,15})(?:_([wm]))?$/;

/** A client's cursor: where to go on, and the route of the first page when it says. */
export interface PageCursor extends ListCursor {
  walked: boolean | null;
}

export const encodeCursor = (c: ListCursor, walked: boolean) =>
  `${c.pinned}_${c.at}_${c.id}_${walked ? 'w' : 'm'}`;

/** The client's `before_cursor`, or null without one; 422 when it is not one of ours. */
export function decodeCursor(text: string | undefined): PageCursor | null {
  if (text === undefined) return null;
  const m = CURSOR.exec(text);
  if (!m)
    throw new HttpError(422, MSG.validationFailed, {
      before_cursor: [MESSAGING_MSG.invalidCursor],
    });
  const walked = m[4] === undefined ? null : m[4] === 'w';
  return { pinned: Number(m[1]), at: m[2] ?? '', id: Number(m[3]), walked };
}
