import type { Kysely } from 'kysely';
import { idColumn } from '../migration-columns';

// The operator in control (issue 19, docs/ADMIN.md).
//
// - users.is_admin: administers the server. The first account of a fresh
//   install gets it; afterwards `npm run admin -- grant <login>` or another
//   admin. users.disabled_at: set while an admin has disabled the account
//   (no sign-in, sessions ended).
// - server_settings: the server-wide values an admin changes at run time
//   (registration mode, password minimum, name), one row per key; a missing
//   key means the default (features/admin/server-settings.ts).
// - invite_codes: admin-issued codes for invite-only registration.
// - admin_audit: who did what to whom, and when. actor_id null: done on the
//   server host (`npm run admin`); actor_login keeps the name readable after
//   the actor's account is erased.
//
// Expand-only: every change is a new table or a nullable/defaulted column, so
// the previous release keeps running against this schema.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'timestamptz').execute();

  await db.schema
    .createTable('server_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  const [inviteIdType, inviteId] = idColumn(db);
  await db.schema
    .createTable('invite_codes')
    .addColumn('id', inviteIdType, inviteId)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  const [auditIdType, auditId] = idColumn(db);
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', auditIdType, auditId)
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_login', 'text')
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit').execute();
  await db.schema.dropTable('invite_codes').execute();
  await db.schema.dropTable('server_settings').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.alterTable('users').dropColumn('is_admin').execute();
}
