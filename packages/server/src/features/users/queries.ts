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
