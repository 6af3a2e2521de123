import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { AdminAuditTable } from '../../store/admin-tables';
import type { Database } from '../../store/types';
import { rowLimit } from '../../store/row-limit';

// The admin feature's SQL: the user directory, roles and disabling, invite
// codes and the audit log.

const userColumns = [
  'id',
  'name',
  'username',
  'login',
  'is_admin',
  'is_bot',
  'is_official',
  'disabled_at',
  'deleted_at',
  'created_at',
  'last_active_at',
] as const;

export function findAdminUser(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

export async function listUsers(
  db: Kysely<Database>,
  search: string | undefined,
  offset: number,
  limit: number,
) {
  let query = db.selectFrom('users');
  if (search) {
    // LIKE wildcards in the search are literal characters.
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`login_key`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`username_key`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query.select(userColumns).orderBy('id').limit(rowLimit(limit)).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function setDisabled(db: Kysely<Database>, id: number, at: string | null) {
  await db.updateTable('users').set({ disabled_at: at }).where('id', '=', id).execute();
}

/**
 * Marks the account deleted unless it already is: of several deletions at
 * once, exactly one gets true and erases it (the others answer 404).
 */
export async function claimDeletion(db: Kysely<Database>, id: number, at: string) {
  const result = await db
    .updateTable('users')
    .set({ deleted_at: at, is_admin: 0 })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Undoes claimDeletion when the erasure failed, so it can be tried again. */
export async function releaseDeletion(db: Kysely<Database>, id: number) {
  await db.updateTable('users').set({ deleted_at: null }).where('id', '=', id).execute();
}

export async function setAdmin(db: Kysely<Database>, id: number, on: boolean) {
  await db
    .updateTable('users')
    .set({ is_admin: on ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Inside the registration's transaction: the account is the install's first. */
/** No other person has an account (bots, the official one included, do not count). */
export async function isOnlyPerson(db: Kysely<Database>, id: number): Promise<boolean> {
  const other = await db
    .selectFrom('users')
    .select('id')
    .where('id', '!=', id)
    .where('is_bot', '=', 0)
    .limit(rowLimit(1))
    .executeTakeFirst();
  return other === undefined;
}

export function listInvites(db: Kysely<Database>) {
  return db
    .selectFrom('invite_codes')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(rowLimit(500))
    .execute();
}

export function findInvite(db: Kysely<Database>, id: number) {
  return db.selectFrom('invite_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertInvite(
  db: Kysely<Database>,
  invite: {
    code: string;
    created_by: string;
    created_at: string;
    expires_at: string | null;
    max_uses: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('invite_codes')
    .values(invite)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeInvite(db: Kysely<Database>, id: number, at: string) {
  const result = await db
    .updateTable('invite_codes')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes one use of a code if it is usable at `at`, in one conditional
 * UPDATE: two registrations racing for a code's last use cannot both win.
 */
export async function claimInvite(db: Kysely<Database>, code: string, at: string) {
  const result = await db
    .updateTable('invite_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('code', '=', code)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives back a use when the registration it was claimed for failed. */
export async function releaseInvite(db: Kysely<Database>, code: string) {
  await db
    .updateTable('invite_codes')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('code', '=', code)
    .where('uses', '>', 0)
    .execute();
}

export async function insertAudit(
  db: Kysely<Database>,
  entry: Omit<AdminAuditTable, 'id'>,
): Promise<void> {
  await db.insertInto('admin_audit').values(entry).execute();
}

export async function listAudit(db: Kysely<Database>, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('admin_audit')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(rowLimit(limit))
      .offset(offset)
      .execute(),
    db
      .selectFrom('admin_audit')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
