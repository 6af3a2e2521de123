import type { Kysely } from 'kysely';

// Settings: the passcode hint, the inactivity warning and deletion marks on
// users, and job_locks — the database-level guard that lets every node run
// the background jobs while only one of them acts per round.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('secret_hint', 'text').execute();
  // When the System chat last warned of deletion for inactivity.
  await db.schema.alterTable('users').addColumn('inactivity_warned_at', 'timestamptz').execute();
  // Set when the inactivity job erased the account (the row stays for message senders).
  await db.schema.alterTable('users').addColumn('deleted_at', 'timestamptz').execute();

  await db.schema
    .createTable('job_locks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('locked_until', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_locks').execute();
  for (const column of ['deleted_at', 'inactivity_warned_at', 'secret_hint']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
