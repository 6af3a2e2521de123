import type { Kysely } from 'kysely';
import type { Database } from '../../store/types';
import * as q from './queries';
import type { MessageWithSender, Visibility } from './queries';

// A page of history (spec 7: newest, before / after / around an id) and
// whether more lies on each side, from one statement (queries.visibleAround):
// the page's side is read one past the page, the other side one or two rows
// deep. Separate probes cost two more round trips on PostgreSQL.

export interface HistoryOptions {
  limit: number;
  before?: number | undefined;
  after?: number | undefined;
  around?: number | undefined;
}

export interface HistoryPage {
  /** Ascending. */
  rows: MessageWithSender[];
  hasOlder: boolean;
  hasNewer: boolean;
}

/**
 * Messages after `after`, oldest first. Older ones exist when a message is
 * visible at or below `after`; with an empty page, below it (two rows tell).
 */
async function afterPage(db: Kysely<Database>, v: Visibility, after: number, limit: number) {
  const { older, newer } = await q.visibleAround(db, v, after + 1, 2, limit + 1);
  const rows = newer.slice(0, limit);
  return {
    rows,
    hasOlder: rows.length > 0 ? older.length > 0 : older.some((m) => m.id < after),
    hasNewer: newer.length > limit,
  };
}

/**
 * Half the page from `around` on, the rest before it (more of it when the
 * newer side runs short).
 */
async function aroundPage(db: Kysely<Database>, v: Visibility, around: number, limit: number) {
  const half = limit - Math.floor(limit / 2);
  const { older, newer } = await q.visibleAround(db, v, around, limit + 1, half + 1);
  const newerRows = newer.slice(0, half);
  const olderRows = older.slice(0, limit - newerRows.length);
  return {
    rows: [...olderRows.reverse(), ...newerRows],
    hasOlder: older.length > olderRows.length,
    hasNewer: newer.length > newerRows.length,
  };
}

/**
 * The newest messages below `before` (null: the newest of all). Newer ones
 * exist when a message is visible at or above `before`; with an empty page,
 * above it (two rows tell).
 */
async function beforePage(
  db: Kysely<Database>,
  v: Visibility,
  before: number | null,
  limit: number,
) {
  const { older, newer } = await q.visibleAround(db, v, before, limit + 1, 2);
  const rows = older.slice(0, limit).reverse();
  const hasNewer =
    before === null ? false : rows.length > 0 ? newer.length > 0 : newer.some((m) => m.id > before);
  return { rows, hasOlder: older.length > limit, hasNewer };
}

/** At most one of before / after / around (the protocol refuses more). */
export function historyPage(
  db: Kysely<Database>,
  v: Visibility,
  options: HistoryOptions,
): Promise<HistoryPage> {
  const { limit } = options;
  if (options.after !== undefined) return afterPage(db, v, options.after, limit);
  if (options.around !== undefined) return aroundPage(db, v, options.around, limit);
  return beforePage(db, v, options.before ?? null, limit);
}
