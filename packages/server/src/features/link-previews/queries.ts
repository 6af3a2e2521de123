import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, LinkPreviewsTable } from '../../store/types';

// The link-preview cache table. Reads never load the image bytes except
// the one query that serves them.

export type PreviewRow = Omit<Selectable<LinkPreviewsTable>, 'image_data'>;

const COLUMNS = [
  'url_key',
  'status',
  'title',
  'description',
  'site_name',
  'image_key',
  'image_width',
  'image_height',
  'fetched_at',
  'expires_at',
] as const;

/** The cached row for this URL while it has not expired. */
export function findFresh(
  db: Kysely<Database>,
  urlKey: string,
  at: string,
): Promise<PreviewRow | undefined> {
  return db
    .selectFrom('link_previews')
    .select(COLUMNS)
    .where('url_key', '=', urlKey)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/** Insert or replace: two nodes fetching the same URL at once both succeed, the last write stays. */
export async function save(db: Kysely<Database>, row: Insertable<LinkPreviewsTable>) {
  const { url_key: _key, ...fields } = row;
  await db
    .insertInto('link_previews')
    .values(row)
    .onConflict((oc) => oc.column('url_key').doUpdateSet(fields))
    .execute();
}

export async function findImage(db: Kysely<Database>, key: string): Promise<Buffer | null> {
  const row = await db
    .selectFrom('link_previews')
    .select('image_data')
    .where('image_key', '=', key)
    .executeTakeFirst();
  return row?.image_data ?? null;
}

/** Drops rows that expired before `before` (nobody asked for them since). */
export async function pruneExpired(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('link_previews').where('expires_at', '<', before).execute();
}
