import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from '../../store/dialect';
import { FTS_TABLE, foldsToNothing } from '../../store/search-index';
import type { ConversationRow, Database } from '../../store/types';
import { MANAGED } from '../groups/queries';
import type { MessageWithSender } from '../messages/queries';
import { findMessagesPostgres } from './postgres-walk';
import { FOUND_COLUMNS, searchable, seenBy } from './visibility';
import { rowLimit } from '../../store/row-limit';

// Queries of the global search. Terms arrive already cut into words of
// letters, digits and marks (protocol rules/search-text), and are quoted for
// each syntax anyway: nothing a user types is ever read as an operator.

/**
 * FTS5: every term a quoted prefix, all required. `"` doubles inside a
 * string. A term FTS5 reads as an empty word becomes an empty phrase, which
 * matches nothing (as an empty prefix it would match every row).
 */
export function ftsMatch(terms: string[]): string {
  return terms
    .map((t) => (foldsToNothing(t) ? '""' : `"${t.replaceAll('"', '""')}"*`))
    .join(' AND ');
}

export type FoundMessageRow = MessageWithSender & {
  conversation_type: ConversationRow['type'];
  conversation_name: string | null;
  conversation_avatar: string | null;
};

/**
 * Messages containing every term (as word prefixes) that `userId` would see
 * in history: their conversations (as requireAccess allows), not deleted,
 * after their `cleared`, not hidden for them; newest first, below `before`.
 */
export function findMessages(
  db: Kysely<Database>,
  userId: number,
  terms: string[],
  options: { before: number | null; limit: number },
): Promise<FoundMessageRow[]> {
  if (isPostgres(db)) return findMessagesPostgres(db, userId, terms, options);
  // The FTS table drives the join, walked newest first (FTS5 serves
  // `order by rowid desc` itself, each prefix from its prefix index), so a
  // search stops once it has `limit` visible hits (store/search-index.ts).
  let query = db
    .selectFrom(sql.raw(FTS_TABLE).as('f'))
    .innerJoin('messages as msg', (join) => join.on(sql<boolean>`msg.id = f.rowid`))
    .innerJoin('conversation_members as m', (join) =>
      join.onRef('m.conversation_id', '=', 'msg.conversation_id').on('m.user_id', '=', userId),
    )
    .innerJoin('conversations as c', 'c.id', 'msg.conversation_id')
    .leftJoin('users as u', 'u.id', 'msg.user_id')
    .selectAll('msg')
    .select(FOUND_COLUMNS)
    .where(sql<boolean>`${sql.raw(FTS_TABLE)} match ${ftsMatch(terms)}`)
    .where(searchable)
    .where(seenBy(userId));
  const newestFirst = sql.ref('f.rowid');
  if (options.before !== null) query = query.where(newestFirst, '<', options.before);
  return query.orderBy(newestFirst, 'desc').limit(rowLimit(options.limit)).execute();
}

export interface FoundGroupRow {
  id: number;
  type: ConversationRow['type'];
  name: string | null;
  username: string | null;
  avatar: string | null;
  member_status: string | null;
}

/** Text for a LIKE pattern: its wildcards taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Public groups and channels whose username, name, or a word of the name
 * starts with `text` (without regard to case), with the caller's link status.
 */
export function findPublicGroups(
  db: Kysely<Database>,
  userId: number,
  text: string,
  limit: number,
): Promise<FoundGroupRow[]> {
  const lower = escapeLike(text.toLowerCase());
  const prefix = `${lower}%`;
  const wordPrefix = `% ${lower}%`;
  // SQLite's lower() folds ASCII only: the name as typed matches too (Привет → Привет…).
  const asTyped = `${escapeLike(text)}%`;
  return db
    .selectFrom('conversations as c')
    .leftJoin('conversation_members as m', (join) =>
      join.onRef('m.conversation_id', '=', 'c.id').on('m.user_id', '=', userId),
    )
    .select(['c.id', 'c.type', 'c.name', 'c.username', 'c.avatar', 'm.member_status'])
    .where('c.type', 'in', MANAGED)
    .where('c.username_key', 'is not', null)
    .where(
      sql<boolean>`(c.username_key like ${prefix} escape '\\' or lower(c.name) like ${prefix} escape '\\' or lower(c.name) like ${wordPrefix} escape '\\' or c.name like ${asTyped} escape '\\')`,
    )
    .orderBy('c.username_key')
    .limit(rowLimit(limit))
    .execute();
}
