import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../store/types';

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
}

export function findPublicById(
  db: Kysely<Database>,
  id: number,
): Promise<PublicUserRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'avatar'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findPublicByUsernameKey(
  db: Kysely<Database>,
  key: string,
): Promise<PublicUserRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'avatar'])
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
    .select(['id', 'name', 'username', 'avatar'])
    .where('allow_search', '=', 1)
    .where('id', '!=', selfId)
    .where(
      sql<boolean>`(lower(name) like ${pattern} escape '\\' or username_key like ${pattern} escape '\\')`,
    )
    .orderBy('username_key')
    .limit(limit)
    .execute();
}
