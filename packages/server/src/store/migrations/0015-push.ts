import type { Kysely } from 'kysely';
import { idColumn } from '../migration-columns';

// Web Push (features/push, docs/PUSH.md). The VAPID key pair lives in
// server_keys (0001) like the token-signing key.
//
// - push_subscriptions: one row per device (browser push subscription),
//   unique by endpoint. `session_id` ties it to the sign-in that made it:
//   logging out or revoking that session removes it, and `visible_until`
//   (reported over that session's sockets) says a tab of the device is on
//   screen, so the device gets no push.
// - push_outbox: one row per new message, written after its commit, never in
//   the send's transaction; the fan-out turns it into push_jobs.
// - push_jobs: one row per (device, push). Nodes claim rows with one
//   conditional UPDATE (`claimed_until`), so each push is sent by one node.

const EPOCH = '1970-01-01T00:00:00.000Z';

export async function up(db: Kysely<unknown>): Promise<void> {
  const [idType, id] = idColumn(db);
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('visible_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_session')
    .on('push_subscriptions')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('push_outbox')
    .addColumn('id', idType, id)
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('claimed_until', 'timestamptz', (c) => c.notNull().defaultTo(EPOCH))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('push_jobs')
    .addColumn('id', idType, id)
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('topic', 'text')
    .addColumn('ttl_seconds', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_until', 'timestamptz', (c) => c.notNull().defaultTo(EPOCH))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_jobs_due').on('push_jobs').column('next_at').execute();
  await db.schema
    .createIndex('push_jobs_subscription')
    .on('push_jobs')
    .column('subscription_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_jobs').execute();
  await db.schema.dropTable('push_outbox').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
