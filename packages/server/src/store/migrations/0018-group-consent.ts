import type { Kysely } from 'kysely';
import { idColumn } from '../migration-columns';

// Consent to be added to groups, and remembered sign-in devices (issue 18).
//
// - users.who_can_add: "Who can add me to groups" (everybody / contacts /
//   nobody; protocol rules/group-consent.ts). 'contacts' by default: a
//   stranger's add becomes an invitation.
// - group_invitations: an add that needs the person's consent, until they
//   accept or decline it. One per person and conversation.
// - known_devices: browsers that signed in to an account before. The cookie
//   holds a random token; only its SHA-256 is stored, so a database leak
//   gives no usable cookie. It lets the owner's correct password through
//   the per-account sign-in limit (features/auth/known-devices.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('who_can_add', 'text', (c) => c.notNull().defaultTo('contacts'))
    .execute();

  const [idType, id] = idColumn(db);
  await db.schema
    .createTable('group_invitations')
    .addColumn('id', idType, id)
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inviter_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('group_invitations_once', ['conversation_id', 'user_id'])
    .execute();
  // The invitee's list, newest first.
  await db.schema
    .createIndex('group_invitations_user')
    .on('group_invitations')
    .columns(['user_id', 'id'])
    .execute();

  const [deviceIdType, deviceId] = idColumn(db);
  await db.schema
    .createTable('known_devices')
    .addColumn('id', deviceIdType, deviceId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('known_devices_user').on('known_devices').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
  await db.schema.dropTable('group_invitations').execute();
  await db.schema.alterTable('users').dropColumn('who_can_add').execute();
}
