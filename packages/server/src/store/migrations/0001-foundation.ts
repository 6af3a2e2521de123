import type { Kysely } from 'kysely';
import { idColumn } from '../migration-columns';

// Users, sessions, refresh tokens and the server's own keys. Written once
// for both dialects: the only difference is how an auto-increment id is
// spelled, and timestamps use `timestamptz` (a real type in PostgreSQL,
// plain text affinity-wise in SQLite, where ISO strings are stored).

export async function up(db: Kysely<unknown>): Promise<void> {
  const [idType, id] = idColumn(db);

  await db.schema
    .createTable('users')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('login_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('avatar', 'text')
    .addColumn('notifications', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('paranoid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('muted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hide_status', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('allow_search', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('load_links', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('max_time_inactive', 'integer')
    .addColumn('secret_hash', 'text')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_active_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull().unique())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', idType, id)
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('replaced_by', 'integer')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_id')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['refresh_tokens', 'sessions', 'server_keys', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
