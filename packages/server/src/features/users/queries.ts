import type { WhoCanAdd } from '@parley/protocol/rules/group-consent';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { SwitchName } from '@parley/protocol/http/settings-routes';
import type { Database, NewUser, UserRow } from '../../store/types';
import { rowLimit } from '../../store/row-limit';
import { flagIs } from '../../store/flag-literal';

// Every query on the users table. Other features reach users through
// users/service.ts, never through these.

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByLoginKey(
  db: Kysely<Database>,
  loginKey: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('login_key', '=', loginKey).executeTakeFirst();
}

export async function takenKeys(
  db: Kysely<Database>,
  loginKey: string,
  usernameKey: string,
): Promise<{ login: boolean; username: boolean }> {
  const rows = await db
    .selectFrom('users')
    .select(['login_key', 'username_key'])
    .where((eb) => eb.or([eb('login_key', '=', loginKey), eb('username_key', '=', usernameKey)]))
    .execute();
  return {
    login: rows.some((r) => r.login_key === loginKey),
    username: rows.some((r) => r.username_key === usernameKey),
  };
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Atomic increment, so concurrent wrong passwords are all counted. */
export async function incrementFailedLogins(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function resetFailedLogins(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_logins: 0 })
    .where('id', '=', id)
    .where('failed_logins', '!=', 0)
    .execute();
}

export async function setLastActive(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db.updateTable('users').set({ last_active_at: at }).where('id', '=', id).execute();
}

export interface PublicUserRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  /** 0/1 on SQLite, boolean on PostgreSQL: read through flag(). */
  is_bot: boolean | number;
  is_official: boolean | number;
}

const PUBLIC_COLUMNS = ['id', 'name', 'username', 'avatar', 'is_bot', 'is_official'] as const;

export function findPublicById(
  db: Kysely<Database>,
  id: number,
): Promise<PublicUserRow | undefined> {
  return db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findPublicByUsernameKey(
  db: Kysely<Database>,
  key: string,
): Promise<PublicUserRow | undefined> {
  return db
    .selectFrom('users')
    .select(PUBLIC_COLUMNS)
    .where('username_key', '=', key)
    .executeTakeFirst();
}

export async function existingIds(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** LIKE pattern for "starts with", wildcards in the input taken literally. */
const prefixPattern = (text: string) =>
  `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Searchable users whose name or username starts with `text`, without regard to case. */
export function searchUsers(
  db: Kysely<Database>,
  selfId: number,
  text: string,
  limit: number,
): Promise<PublicUserRow[]> {
  const pattern = prefixPattern(text);
  return db
    .selectFrom('users')
    .select(PUBLIC_COLUMNS)
    .where('allow_search', '=', 1)
    .where('id', '!=', selfId)
    .where(
      sql<boolean>`(lower(name) like ${pattern} escape '\\' or username_key like ${pattern} escape '\\')`,
    )
    .orderBy('username_key')
    .limit(rowLimit(limit))
    .execute();
}

// ---- settings -------------------------------------------------------------

export type ProfileChange = Partial<
  Pick<UserRow, 'name' | 'username' | 'username_key' | 'timezone' | 'status' | 'avatar'>
>;

export async function updateProfile(
  db: Kysely<Database>,
  id: number,
  change: ProfileChange,
): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await db.updateTable('users').set(change).where('id', '=', id).execute();
}

/** The on/off settings of spec 7 (the protocol's `routes.switches`), each its own column. */
export type SettingFlag = SwitchName;

export async function setFlag(
  db: Kysely<Database>,
  id: number,
  column: SettingFlag,
  on: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ [column]: on ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function setPasswordHash(db: Kysely<Database>, id: number, hash: string) {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
}

export async function setSecret(
  db: Kysely<Database>,
  id: number,
  hash: string,
  hint: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ secret_hash: hash, secret_hint: hint })
    .where('id', '=', id)
    .execute();
}

export async function setMaxTimeInactive(db: Kysely<Database>, id: number, months: number | null) {
  // A new period starts now: an earlier warning no longer applies.
  await db
    .updateTable('users')
    .set({ max_time_inactive: months, inactivity_warned_at: null })
    .where('id', '=', id)
    .execute();
}

export async function setWhoCanAdd(db: Kysely<Database>, id: number, who: WhoCanAdd) {
  await db.updateTable('users').set({ who_can_add: who }).where('id', '=', id).execute();
}

/** Is the username taken by someone else (compared without case)? */
export async function usernameTakenByOther(
  db: Kysely<Database>,
  id: number,
  key: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', key)
    .where('id', '!=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Conversations whose members see this user's profile: every one they are
 * in, and direct chats they deleted for themselves (the other side keeps it).
 */
export async function profileAudience(db: Kysely<Database>, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select('c.id')
    .where('m.user_id', '=', id)
    .where((eb) => eb.or([flagIs('m.deleted', false), eb('c.type', '=', 'direct')]))
    .orderBy('c.id')
    .execute();
  return rows.map((r) => r.id);
}

// ---- inactivity -------------------------------------------------------------

export interface InactivityRow {
  id: number;
  max_time_inactive: number;
  last_active_at: string | null;
  created_at: string;
  inactivity_warned_at: string | null;
  avatar: string | null;
}

/** Accounts with an inactivity limit, unused since before `cutoff` (oldest first). */
export async function inactiveSince(
  db: Kysely<Database>,
  cutoff: string,
  limit: number,
): Promise<InactivityRow[]> {
  const lastActive = sql<string>`coalesce(last_active_at, created_at)`;
  const rows = await db
    .selectFrom('users')
    .select([
      'id',
      'max_time_inactive',
      'last_active_at',
      'created_at',
      'inactivity_warned_at',
      'avatar',
    ])
    .where('max_time_inactive', 'is not', null)
    .where('deleted_at', 'is', null)
    .where(lastActive, '<', cutoff)
    .orderBy(lastActive)
    .limit(rowLimit(limit))
    .execute();
  return rows.map((r) => ({ ...r, max_time_inactive: r.max_time_inactive ?? 0 }));
}

/** Marks the warning sent, unless it already was for this period (another round raced). */
export async function markWarned(
  db: Kysely<Database>,
  id: number,
  lastActive: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ inactivity_warned_at: at })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('inactivity_warned_at', 'is', null), eb('inactivity_warned_at', '<', lastActive)]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Erases the account's personal data and frees its login and username. The
 * row stays (as "Deleted account") so messages keep a sender; its Saved
 * Messages and System chats go with everything in them.
 */
export async function eraseUser(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db
    .deleteFrom('conversations')
    .where('unique_key', 'in', [`saved:${id}`, `system:${id}`])
    .execute();
  await db
    .updateTable('users')
    .set({
      name: 'Deleted account',
      // A chosen username never holds ':' and a login key never starts with a
      // space (logins are trimmed), so these never collide with real ones.
      username: `deleted${id}`,
      username_key: `deleted:${id}`,
      login: ` deleted:${id}`,
      login_key: ` deleted:${id}`,
      password_hash: '!',
      status: null,
      avatar: null,
      secret_hash: null,
      secret_hint: null,
      notifications: 0,
      paranoid: 0,
      allow_search: 0,
      hide_status: 1,
      max_time_inactive: null,
      deleted_at: at,
    })
    .where('id', '=', id)
    .execute();
}
