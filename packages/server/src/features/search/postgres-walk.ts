import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { SEARCH_COLUMN } from '../../store/search-index';
import type { Database } from '../../store/types';
import type { FoundMessageRow } from './queries';
import { FOUND_COLUMNS, searchable, seenBy } from './visibility';
import { rowLimit } from '../../store/row-limit';

// Message search on PostgreSQL: the newest `limit` matches below `before`,
// at a bounded cost for common and for rare words alike, which no single
// plan gives. Walking the messages newest first and testing each stored
// vector (about 0.5 µs a message) stops at the page, so common words are
// cheap, but a missing word reads the whole table (355 ms at 1,000,000
// messages). The GIN index finds a rare word at once, but for a prefix term
// it first collects every row of every word starting with it (a word in one
// message of six: 40 ms a term), which must then be read and sorted. The
// planner cannot choose: it estimates every prefix term at 2 %, and, barred
// from the walk, it read the 2,000 conversations of a member of half the
// table one by one (1.5 s).
//
// So: (1) walk the newest `firstWindow` messages. If the page is not full
// and its hits do not already say that a short walk on will fill it, (2)
// count in that window the messages holding each term, and estimate what
// each way to the rest would read: walking on (from the hit rate), or the
// index for the rarest term only (the others rechecked on its rows). (3) If
// neither is cheap and the caller's conversations hold fewer messages, read
// those conversation by conversation; else (4) walk on or use the index,
// whichever is cheaper, and (5) the index for what a walk on left. Still
// slow: terms each common but rarely found together, deeper than the walk
// goes (every way reads many rows).

export interface WalkSizes {
  /** Messages tested first: a common word fills a page within a few hundred. */
  firstWindow: number;
  /** The longest second walk (about 30 ms), and the most messages read conversation by conversation. */
  maxWalk: number;
}

export const WALK_SIZES: WalkSizes = { firstWindow: 2048, maxWalk: 65_536 };

/** How a search found its page (the last way it used), for tests. */
export type SearchRoute = 'walk' | 'walk-on' | 'index' | 'conversations';

/** A row reached through the index (fetch, recheck, sort) costs this many tested in a walk. */
const INDEX_ROW_COST = 4;

/** tsquery: every term a quoted prefix lexeme, all required. */
export function tsQuery(terms: string[]): string {
  return terms.map((t) => `'${t.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' & ');
}

const matches = (query: string) =>
  sql<boolean>`msg.${sql.ref(SEARCH_COLUMN)} @@ to_tsquery('simple', ${query})`;

/** The newest `rows` messages with ids in [from, below) (either bound may be open). */
interface Window {
  below: number | null;
  from: number | null;
  rows: number;
}

function windowRows(db: Kysely<Database>, window: Window) {
  let rows = db.selectFrom('messages').selectAll();
  if (window.below !== null) rows = rows.where('id', '<', window.below);
  if (window.from !== null) rows = rows.where('id', '>=', window.from);
  // The LIMIT also keeps the subquery as written (an index scan backwards):
  // the planner can neither flatten it nor push the text test into it.
  return rows.orderBy('id', 'desc').limit(rowLimit(window.rows));
}

/**
 * The window's visible matches, newest first, each message tested in turn.
 * Membership, conversation and sender come from one LATERAL subquery, cut
 * with LIMIT 1 (the membership key allows one row anyway) so the planner
 * cannot turn it into hash joins: a nested loop keeps the window's order,
 * and the walk stops at `limit` hits instead of sorting the whole window.
 */
function walk(
  db: Kysely<Database>,
  userId: number,
  query: string,
  window: Window,
  limit: number,
): Promise<FoundMessageRow[]> {
  return db
    .selectFrom(windowRows(db, window).as('msg'))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('conversation_members as m')
          .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
          .leftJoin('users as u', 'u.id', 'msg.user_id')
          .select([
            'u.name as sender_name',
            'c.type as conversation_type',
            'c.name as conversation_name',
            'c.avatar as conversation_avatar',
          ])
          .whereRef('m.conversation_id', '=', 'msg.conversation_id')
          .where('m.user_id', '=', userId)
          .where(seenBy(userId))
          .limit(rowLimit(1))
          .as('v'),
      (join) => join.onTrue(),
    )
    .selectAll('msg')
    .select([
      'v.sender_name',
      'v.conversation_type',
      'v.conversation_name',
      'v.conversation_avatar',
    ])
    .where(matches(query))
    .where(searchable)
    .orderBy('msg.id', 'desc')
    .limit(rowLimit(limit))
    .execute();
}

/**
 * The visible matches below `below` among the messages that hold `driver`,
 * newest first: a bitmap scan of the GIN index. OFFSET 0 fences the
 * subquery, so it is planned alone (no walk to serve the ORDER BY) and the
 * whole query, tested outside it, cannot reach the index: only the driver's
 * rows are collected.
 */
function byIndex(
  db: Kysely<Database>,
  userId: number,
  driver: string,
  query: string,
  below: number,
  limit: number,
): Promise<FoundMessageRow[]> {
  const candidates = db
    .selectFrom('messages as msg')
    .selectAll()
    .where(matches(driver))
    .where('msg.id', '<', below)
    .offset(0);
  return db
    .selectFrom(candidates.as('msg'))
    .innerJoin('conversation_members as m', (join) =>
      join.onRef('m.conversation_id', '=', 'msg.conversation_id').on('m.user_id', '=', userId),
    )
    .innerJoin('conversations as c', 'c.id', 'msg.conversation_id')
    .leftJoin('users as u', 'u.id', 'msg.user_id')
    .selectAll('msg')
    .select(FOUND_COLUMNS)
    .where(matches(query))
    .where(searchable)
    .where(seenBy(userId))
    .orderBy('msg.id', 'desc')
    .limit(rowLimit(limit))
    .execute();
}

/**
 * The visible matches below `below`, newest first, conversation by
 * conversation: each of the caller's conversations is walked newest first
 * (its (conversation_id, id) index) up to `limit` hits, and the newest of
 * all are kept. Cheap when the caller's conversations hold few messages.
 */
function byConversations(
  db: Kysely<Database>,
  userId: number,
  query: string,
  below: number,
  limit: number,
): Promise<FoundMessageRow[]> {
  return db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('messages as msg')
          .selectAll('msg')
          .whereRef('msg.conversation_id', '=', 'm.conversation_id')
          .where('msg.id', '<', below)
          .where(matches(query))
          .where(searchable)
          .where(seenBy(userId))
          .orderBy('msg.id', 'desc')
          .limit(rowLimit(limit))
          .as('msg'),
      (join) => join.onTrue(),
    )
    .leftJoin('users as u', 'u.id', 'msg.user_id')
    .selectAll('msg')
    .select(FOUND_COLUMNS)
    .where('m.user_id', '=', userId)
    .orderBy('msg.id', 'desc')
    .limit(rowLimit(limit))
    .execute();
}

/** How many messages below `below` the caller's conversations hold, counted up to `cap`. */
async function callerMessages(
  db: Kysely<Database>,
  userId: number,
  below: number,
  cap: number,
): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('conversation_members as m')
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('messages as msg')
              .select(sql`1`.as('one'))
              .whereRef('msg.conversation_id', '=', 'm.conversation_id')
              .where('msg.id', '<', below)
              .limit(rowLimit(cap))
              .as('x'),
          (join) => join.onTrue(),
        )
        .select('x.one')
        .where('m.user_id', '=', userId)
        .limit(rowLimit(cap))
        .as('capped'),
    )
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many messages the window has, its lowest id, and how many hold each of `terms`. */
async function termCounts(
  db: Kysely<Database>,
  terms: string[],
  window: Window,
): Promise<{ rows: number; lowest: number; counts: number[] }> {
  const row = await db
    .selectFrom(windowRows(db, window).as('msg'))
    .select([sql<number>`count(*)`.as('rows'), sql<number>`min(msg.id)`.as('lowest')])
    .$if(terms.length > 0, (qb) =>
      qb.select(
        terms.map((t, i) =>
          sql<number>`count(*) filter (where ${matches(tsQuery([t]))})`.as(`t${i}`),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  const columns = row as unknown as Record<string, number | null>;
  return {
    rows: Number(columns.rows),
    lowest: Number(columns.lowest),
    counts: terms.map((_, i) => Number(columns[`t${i}`])),
  };
}

export async function findMessagesPostgres(
  db: Kysely<Database>,
  userId: number,
  terms: string[],
  options: { before: number | null; limit: number },
  sizes: WalkSizes = WALK_SIZES,
  onRoute: (route: SearchRoute) => void = () => {},
): Promise<FoundMessageRow[]> {
  const query = tsQuery(terms);
  const { before, limit } = options;
  const { firstWindow, maxWalk } = sizes;

  // (1) The newest messages, tested one by one.
  onRoute('walk');
  const first: Window = { below: before, from: null, rows: firstWindow };
  const found = await walk(db, userId, query, first, limit);
  if (found.length >= limit) return found;

  // (2) Where the window ends and, unless its hits say that a short walk on
  // will do, how common each term is in it.
  const missing = limit - found.length;
  const walkCost = found.length > 0 ? (missing * firstWindow) / found.length : Infinity;
  const shortWalk = walkCost <= firstWindow;
  const window = await termCounts(db, shortWalk ? [] : terms, first);
  if (window.rows < firstWindow) return found; // it reached the oldest message
  let below = window.lowest;
  const rarestOf = (counts: number[]) => counts.indexOf(Math.min(...counts));

  if (!shortWalk) {
    // What each way would read, in rows tested by a walk. Ids run from 1,
    // so about `below` messages are older than the window.
    const rarest = window.counts[rarestOf(window.counts)] ?? 0;
    const indexCost = ((rarest + 1) / window.rows) * below * INDEX_ROW_COST;
    const best = Math.min(walkCost, indexCost);
    // (3) Neither is cheap: do the caller's conversations hold fewer messages?
    if (best > firstWindow) {
      const cap = Math.ceil(Math.min(best, maxWalk));
      if ((await callerMessages(db, userId, below, cap)) < cap) {
        onRoute('conversations');
        return [...found, ...(await byConversations(db, userId, query, below, missing))];
      }
    }
    // (4) The index, when it is the cheaper way.
    if (walkCost > indexCost || walkCost > maxWalk) {
      onRoute('index');
      const driver = tsQuery([terms[rarestOf(window.counts)] ?? '']);
      return [...found, ...(await byIndex(db, userId, driver, query, below, missing))];
    }
  }

  // (4) Or walk on, half as far again as the hit rate says.
  onRoute('walk-on');
  const rows = Math.min(maxWalk, Math.ceil(walkCost * 1.5));
  found.push(...(await walk(db, userId, query, { below, from: below - rows, rows }, missing)));
  below -= rows;
  if (found.length >= limit || below <= 1) return found;

  // (5) Still short: the index, for the rarest term of the first window.
  onRoute('index');
  const counts = shortWalk ? (await termCounts(db, terms, first)).counts : window.counts;
  const driver = tsQuery([terms[rarestOf(counts)] ?? '']);
  found.push(...(await byIndex(db, userId, driver, query, below, limit - found.length)));
  return found;
}
