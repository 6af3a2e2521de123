import type { Kysely } from 'kysely';
import type { Database } from '../../store/types';
import { directKey } from '../conversations/service';
import { rowLimit } from '../../store/row-limit';

// The reads behind another person's profile (service.ts).

/** The person's row; null when there is none or the account was erased. */
export function person(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'username',
      'avatar',
      'status',
      'is_bot',
      'is_official',
      'hide_status',
      'last_seen_at',
    ])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The caller's own hide_status (reciprocity of the last-seen rule). */
export async function hidesStatus(db: Kysely<Database>, userId: number): Promise<boolean | null> {
  const row = await db
    .selectFrom('users')
    .select('hide_status')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? Boolean(Number(row.hide_status)) : null;
}

/** Conversations the viewer is a member of in which the person has a row too. */
function shared(db: Kysely<Database>, viewerId: number, personId: number) {
  return db
    .selectFrom('conversation_members as mine')
    .innerJoin('conversation_members as theirs', 'theirs.conversation_id', 'mine.conversation_id')
    .innerJoin('conversations as c', 'c.id', 'mine.conversation_id')
    .where('mine.user_id', '=', viewerId)
    .where('mine.member_status', '=', 'member')
    .where('theirs.user_id', '=', personId);
}

/** May the viewer see the person's profile: do they share a conversation the viewer is in? */
export async function shares(
  db: Kysely<Database>,
  viewerId: number,
  personId: number,
): Promise<boolean> {
  const row = await shared(db, viewerId, personId)
    .select('c.id')
    .limit(rowLimit(1))
    .executeTakeFirst();
  return row !== undefined;
}

/** The direct chat of the two (by its unique key), if the viewer is still in it. */
export async function directChat(
  db: Kysely<Database>,
  viewerId: number,
  personId: number,
): Promise<number | null> {
  const row = await shared(db, viewerId, personId)
    .where('c.unique_key', '=', directKey(viewerId, personId))
    .select('c.id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Groups both are present members of, most recently active first. */
export function commonGroups(db: Kysely<Database>, viewerId: number, personId: number) {
  return shared(db, viewerId, personId)
    .where('theirs.member_status', '=', 'member')
    .where('c.type', '=', 'group')
    .select(['c.id', 'c.name', 'c.avatar'])
    .orderBy('c.id', 'desc')
    .limit(rowLimit(100))
    .execute();
}
