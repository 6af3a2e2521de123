import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ConversationRow, Database, MemberRow } from '../../store/types';
import { rowLimit } from '../../store/row-limit';

// Queries of groups and channels: member lists, the reduced records of
// blocked users, lookups by username and invite token, and the members the
// inactivity job removes. Present members are member_status 'member'.

export const MANAGED = ['group', 'channel'] as const;

export interface MemberListRow {
  user_id: number;
  name: string;
  username: string;
  avatar: string | null;
  is_bot: boolean | number;
  is_official: boolean | number;
  role: MemberRow['role'];
  blocked: boolean | number;
  member_status: MemberRow['member_status'];
  last_read_message_id: number | null;
}

function memberRows(db: Kysely<Database>, conversationId: number) {
  return db
    .selectFrom('conversation_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.user_id',
      'u.name',
      'u.username',
      'u.avatar',
      'u.is_bot',
      'u.is_official',
      'm.role',
      'm.blocked',
      'm.member_status',
      'm.last_read_message_id',
    ])
    .where('m.conversation_id', '=', conversationId);
}

/** Present members by user id, `limit` after `after`. */
export function presentMembers(
  db: Kysely<Database>,
  conversationId: number,
  options: { limit: number; after?: number | undefined; userIds?: number[] },
): Promise<MemberListRow[]> {
  let query = memberRows(db, conversationId).where('m.member_status', '=', 'member');
  if (options.after !== undefined) query = query.where('m.user_id', '>', options.after);
  if (options.userIds) {
    if (options.userIds.length === 0) return Promise.resolve([]);
    query = query.where('m.user_id', 'in', options.userIds);
  }
  return query.orderBy('m.user_id').limit(rowLimit(options.limit)).execute();
}

/** Everyone blocked or removed (spec 3: kept apart from members). */
export function blockedMembers(
  db: Kysely<Database>,
  conversationId: number,
): Promise<MemberListRow[]> {
  return memberRows(db, conversationId)
    .where('m.member_status', 'in', ['blocked', 'removed'])
    .orderBy('m.user_id')
    .execute();
}

/** Any link of the user to the conversation, present or not. */
export function linkOf(
  db: Kysely<Database>,
  conversationId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('conversation_members')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function conversationById(
  db: Kysely<Database>,
  id: number,
): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A public group or channel by its username key. */
export function publicByUsernameKey(
  db: Kysely<Database>,
  key: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('username_key', '=', key)
    .where('type', 'in', MANAGED)
    .executeTakeFirst();
}

export function byInvitationToken(
  db: Kysely<Database>,
  token: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('invitation_token', '=', token)
    .where('type', 'in', MANAGED)
    .executeTakeFirst();
}

/**
 * Of `candidates`, those `userId` shares a direct chat with that neither
 * side has blocked: a "friend" may be added to a group.
 */
export async function friendsAmong(
  db: Kysely<Database>,
  userId: number,
  candidates: number[],
): Promise<Set<number>> {
  if (candidates.length === 0) return new Set();
  const keyOf = (other: number) => `direct:${Math.min(userId, other)}:${Math.max(userId, other)}`;
  const byKey = new Map(candidates.map((id) => [keyOf(id), id]));
  const rows = await db
    .selectFrom('conversations')
    .select('unique_key')
    .where('unique_key', 'in', [...byKey.keys()])
    .where('direct_blocks', '=', 0)
    .execute();
  return new Set(rows.map((r) => byKey.get(r.unique_key ?? '')).filter((id) => id !== undefined));
}

/** The present member who takes over from a departing last owner: oldest moderator, else oldest member. */
export function successor(
  db: Kysely<Database>,
  conversationId: number,
): Promise<{ user_id: number } | undefined> {
  return db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .where('member_status', '=', 'member')
    .orderBy(sql`case when role = 'moderator' then 0 else 1 end`)
    .orderBy('joined_at')
    .orderBy('user_id')
    .limit(rowLimit(1))
    .executeTakeFirst();
}

export async function ownerCount(db: Kysely<Database>, conversationId: number): Promise<number> {
  const row = await db
    .selectFrom('conversation_members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('conversation_id', '=', conversationId)
    .where('member_status', '=', 'member')
    .where('role', '=', 'owner')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Groups with an inactivity limit. */
export function groupsWithInactivityLimit(db: Kysely<Database>) {
  return db
    .selectFrom('conversations')
    .select(['id', 'max_time_inactive', 'last_message_id'])
    .where('type', '=', 'group')
    .where('max_time_inactive', 'is not', null)
    .execute();
}

/**
 * Present non-owner members of a group whose last activity there is before
 * `cutoff`: activity is the latest of joining, their own newest message and
 * the newest message they have read. A member who has read everything is
 * never inactive (a quiet group gives nothing to be active about).
 */
export async function inactiveMembers(
  db: Kysely<Database>,
  conversationId: number,
  lastMessageId: number | null,
  cutoff: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('conversation_members as m')
    .leftJoin('messages as r', 'r.id', 'm.last_read_message_id')
    .select('m.user_id')
    .where('m.conversation_id', '=', conversationId)
    .where('m.member_status', '=', 'member')
    .where((eb) => eb.or([eb('m.role', 'is', null), eb('m.role', '!=', 'owner')]))
    .where('m.joined_at', '<', cutoff)
    .where((eb) => eb.or([eb('r.created_at', 'is', null), eb('r.created_at', '<', cutoff)]))
    .where((eb) =>
      eb.or([
        eb('m.last_read_message_id', 'is', null),
        eb('m.last_read_message_id', '<', lastMessageId ?? 0),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('messages as own')
            .select(sql`1`.as('one'))
            .where('own.conversation_id', '=', conversationId)
            .whereRef('own.user_id', '=', 'm.user_id')
            .where('own.created_at', '>=', cutoff),
        ),
      ),
    )
    .orderBy('m.user_id')
    .execute();
  return rows.map((r) => r.user_id);
}
