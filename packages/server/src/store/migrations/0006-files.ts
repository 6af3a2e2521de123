import type { Kysely } from 'kysely';
import { idColumn } from '../migration-columns';

// Files in conversations. A row per upload: the blob keys of the original
// and of an image's thumbnail, the sniffed type, the sanitized name, and the
// public key that URLs carry (random, unrelated to the blob key). An upload
// belongs to its uploader until a send attaches it (attached_at, set once);
// forwards make more messages point at the same row. messages.file_id is the
// link: delete-for-everyone clears it, and a file no message points at any
// more is removed with its blobs.

export async function up(db: Kysely<unknown>): Promise<void> {
  const [idType, id] = idColumn(db);
  await db.schema
    .createTable('files')
    .addColumn('id', idType, id)
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('uploader_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_key', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attached_at', 'timestamptz')
    .execute();
  // The sweep of stale uploads: unattached rows by age.
  await db.schema
    .createIndex('files_unattached')
    .on('files')
    .columns(['attached_at', 'created_at'])
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('file_id', 'integer', (c) => c.references('files.id'))
    .execute();
  // Access checks and "is anything still pointing at it" go from the file to its messages.
  await db.schema.createIndex('messages_file_id').on('messages').column('file_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_file_id').execute();
  await db.schema.alterTable('messages').dropColumn('file_id').execute();
  await db.schema.dropTable('files').execute();
}
