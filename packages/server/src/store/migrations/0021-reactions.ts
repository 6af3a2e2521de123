import type { Kysely } from 'kysely';

// Message reactions (protocol reactions.ts, docs/API.md "Reactions").
//
// - message_reactions: one row per person and message (a person has one
//   reaction on a message, as on Telegram without Premium: the primary key
//   says so). Delete-for-everyone removes the message's rows in its
//   transaction; the foreign keys remove them with a message or user row
//   that is erased.
// - The history page loads its messages' reactions with one query by
//   message_id (the primary key's first column).
//
// Expand-only: a new table.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_reactions')
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reactions_pk', ['message_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_reactions').execute();
}
