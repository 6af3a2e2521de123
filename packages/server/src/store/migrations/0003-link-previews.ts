import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// The link-preview cache, shared by every reader and every node: one row per
// normalized URL, good or bad (`status` ok / none / failed), with the
// thumbnail's bytes in the row (they are small: ≤ 400 px WebP). A row is
// used until expires_at and then fetched again; expired rows are pruned.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('link_previews')
    .addColumn('url_key', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('site_name', 'text')
    // Random, so an image address cannot be guessed from the URL or an id.
    .addColumn('image_key', 'text', (c) => c.unique())
    .addColumn('image_data', isPostgres(db) ? 'bytea' : 'blob')
    .addColumn('image_width', 'integer')
    .addColumn('image_height', 'integer')
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('link_previews_expires_at')
    .on('link_previews')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('link_previews').execute();
}
