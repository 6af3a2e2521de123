import { sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import type { Database, FileRow, FilesTable } from '../../store/types';
import { PERSONAL_KINDS } from '@parley/protocol/rules/kinds';
import { rowLimit } from '../../store/row-limit';
import { compiledOnceForList } from '../../store/compiled-once';
import { flagIs } from '../../store/flag-literal';

// Queries on uploaded files. Who may read a file is decided by one query
// per request (readable): its uploader while it is unattached, otherwise a
// member who can see a live message carrying it — the same rule as history
// (not deleted, after their `cleared`, not hidden for them).

export async function insertFile(db: Kysely<Database>, values: Insertable<FilesTable>) {
  const row = await db.insertInto('files').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findById(db: Kysely<Database>, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

export const findByIds = compiledOnceForList((db, ids: readonly number[]) =>
  db.selectFrom('files').selectAll().where('id', 'in', ids),
);

/**
 * The send's one query: claims the caller's own unattached upload for a
 * message, atomically (two sends racing for one upload: one wins). Returns
 * its sniffed type, or undefined when it is not the caller's, already
 * attached, or gone.
 */
export function attachUpload(
  db: Kysely<Database>,
  fileId: number,
  userId: number,
  at: string,
): Promise<{ mime: string } | undefined> {
  return db
    .updateTable('files')
    .set({ attached_at: at })
    .where('id', '=', fileId)
    .where('uploader_id', '=', userId)
    .where('attached_at', 'is', null)
    .returning('mime')
    .executeTakeFirst();
}

/** The file behind `key` if `userId` may read it now, else undefined. */
export function readable(
  db: Kysely<Database>,
  key: string,
  userId: number,
): Promise<FileRow | undefined> {
  return db
    .selectFrom('files as f')
    .selectAll('f')
    .where('f.key', '=', key)
    .where((eb) =>
      eb.or([
        eb.and([eb('f.attached_at', 'is', null), eb('f.uploader_id', '=', userId)]),
        eb.exists(
          eb
            .selectFrom('messages as msg')
            .innerJoin('conversation_members as m', (join) =>
              join
                .onRef('m.conversation_id', '=', 'msg.conversation_id')
                .on('m.user_id', '=', userId),
            )
            .innerJoin('conversations as c', 'c.id', 'msg.conversation_id')
            .select(sql`1`.as('one'))
            .whereRef('msg.file_id', '=', 'f.id')
            .where('msg.deleted_at', 'is', null)
            .whereRef('msg.id', '>', 'm.cleared')
            .where((inner) =>
              inner.or([flagIs('m.deleted', false), inner('c.type', 'in', PERSONAL_KINDS)]),
            )
            .where((inner) =>
              inner.not(
                inner.exists(
                  inner
                    .selectFrom('message_hidden as h')
                    .select(sql`1`.as('one'))
                    .whereRef('h.message_id', '=', 'msg.id')
                    .where('h.user_id', '=', userId),
                ),
              ),
            ),
        ),
      ]),
    )
    .executeTakeFirst();
}

/**
 * Deletes an attached file that no message points at any more, returning
 * the row (its blobs are the caller's to remove) or undefined when it is
 * still in use or already gone.
 */
export function deleteIfUnreferenced(
  db: Kysely<Database>,
  fileId: number,
): Promise<FileRow | undefined> {
  return db
    .deleteFrom('files')
    .where('id', '=', fileId)
    .where('attached_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('messages')
            .select(sql`1`.as('one'))
            .whereRef('messages.file_id', '=', 'files.id'),
        ),
      ),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Deletes an upload while no send has taken it (its own upload call going back on it). */
export function deleteUnattached(db: Kysely<Database>, fileId: number) {
  return db
    .deleteFrom('files')
    .where('id', '=', fileId)
    .where('attached_at', 'is', null)
    .executeTakeFirst();
}

/** Deletes an upload still unattached, made before `cutoff`; undefined when a send took it meanwhile. */
export function deleteStaleUpload(
  db: Kysely<Database>,
  fileId: number,
  cutoff: string,
): Promise<FileRow | undefined> {
  return db
    .deleteFrom('files')
    .where('id', '=', fileId)
    .where('attached_at', 'is', null)
    .where('created_at', '<', cutoff)
    .returningAll()
    .executeTakeFirst();
}

/** Up to `limit` ids of uploads never attached and older than `cutoff`. */
export async function staleUploadIds(db: Kysely<Database>, cutoff: string, limit: number) {
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('attached_at', 'is', null)
    .where('created_at', '<', cutoff)
    .limit(rowLimit(limit))
    .execute();
  return rows.map((r) => r.id);
}

/** Up to `limit` ids of attached files no message points at (their conversation was deleted). */
export async function orphanIds(db: Kysely<Database>, limit: number) {
  const rows = await db
    .selectFrom('files as f')
    .select('f.id')
    .where('f.attached_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('messages as msg')
            .select(sql`1`.as('one'))
            .whereRef('msg.file_id', '=', 'f.id'),
        ),
      ),
    )
    .limit(rowLimit(limit))
    .execute();
  return rows.map((r) => r.id);
}

/** The bytes of every file `userId` uploaded that is still stored (attached or not). */
export async function storedBytes(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('total'))
    .where('uploader_id', '=', userId)
    .executeTakeFirst();
  // PostgreSQL's sum of integers is a bigint, which pg returns as text.
  return Number(row?.total ?? 0);
}

/** Which of `keys` a file row still points at (as its original or its thumbnail). */
export async function referencedBlobKeys(db: Kysely<Database>, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('files')
    .select(['blob_key', 'thumbnail_key'])
    .where((eb) => eb.or([eb('blob_key', 'in', keys), eb('thumbnail_key', 'in', keys)]))
    .execute();
  return new Set(rows.flatMap((r) => [r.blob_key, r.thumbnail_key ?? '']));
}
