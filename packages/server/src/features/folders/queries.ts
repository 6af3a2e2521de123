import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Folder } from '@parley/protocol/folder';
import { isPostgres } from '../../store/dialect';
import type { Database } from '../../store/types';
import { updatePivot } from '../conversations/queries';

// Queries on conversation_folders and the folder_id of the caller's links.

/** The first key of the two-key advisory locks taken here ("folders"). */
const FOLDER_LOCK_CLASS = 7007;

/**
 * Serializes one user's folder changes (the 20-folder limit, positions, an
 * assignment racing the folder's deletion) until the transaction ends. A
 * PostgreSQL advisory lock rather than the users row: sends lock member rows
 * and then the users row (appending a "restored" event), so a folder change
 * that took the users row before member rows could deadlock with one.
 * SQLite has one writer already.
 */
export async function lockFolders(db: Kysely<Database>, userId: number): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_advisory_xact_lock(${FOLDER_LOCK_CLASS}, ${userId})`.execute(db);
}

export function listFolders(db: Kysely<Database>, userId: number): Promise<Folder[]> {
  return db
    .selectFrom('conversation_folders')
    .select(['id', 'name', 'position'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function ownFolderExists(
  db: Kysely<Database>,
  userId: number,
  folderId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('conversation_folders')
    .select('id')
    .where('id', '=', folderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertFolder(
  db: Kysely<Database>,
  values: { user_id: number; name: string; position: number; created_at: string },
): Promise<number> {
  const row = await db
    .insertInto('conversation_folders')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames the user's folder; false when it is not theirs (or gone). */
export async function renameFolder(
  db: Kysely<Database>,
  userId: number,
  folderId: number,
  name: string,
): Promise<boolean> {
  const rows = await db
    .updateTable('conversation_folders')
    .set({ name })
    .where('id', '=', folderId)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Deletes the user's folder and takes their links out of it; false when it is not theirs. */
export async function deleteFolder(
  db: Kysely<Database>,
  userId: number,
  folderId: number,
): Promise<boolean> {
  const rows = await db
    .deleteFrom('conversation_folders')
    .where('id', '=', folderId)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  if (rows.length === 0) return false;
  await db
    .updateTable('conversation_members')
    .set({ folder_id: null })
    .where('user_id', '=', userId)
    .where('folder_id', '=', folderId)
    .execute();
  return true;
}

/** Positions 0..n−1 in the given order (ids already checked to be exactly the user's). */
export async function setPositions(
  db: Kysely<Database>,
  userId: number,
  ids: readonly number[],
): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db
      .updateTable('conversation_folders')
      .set({ position })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('position', '!=', position)
      .execute();
  }
}

export async function setFolderOfLink(
  db: Kysely<Database>,
  userId: number,
  conversationId: number,
  folderId: number | null,
): Promise<void> {
  await updatePivot(db, userId, conversationId, { folder_id: folderId });
}

export async function userLastSeq(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('last_seq')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.last_seq ?? 0;
}
