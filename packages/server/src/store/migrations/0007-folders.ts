import type { Kysely } from 'kysely';
import { idColumn } from '../migration-columns';

// Conversation folders: a user's own named tabs over the conversation list
// (protocol/src/folder.ts). conversation_members.folder_id (0002) points
// here. It gets no foreign key: SQLite cannot add one to an existing column,
// so deleting a folder clears the user's links to it explicitly, in the same
// transaction (features/folders/queries.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  const [idType, id] = idColumn(db);
  await db.schema
    .createTable('conversation_folders')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Every read is "this user's folders in order".
  await db.schema
    .createIndex('conversation_folders_user')
    .on('conversation_folders')
    .columns(['user_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversation_folders').execute();
}
