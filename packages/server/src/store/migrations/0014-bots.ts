import type { Kysely } from 'kysely';

// Bots (issue 21, docs/BOTS.md). A bot is a user row flagged `is_bot`, owned
// by the user in `bot_owner_id`; `is_official` marks official accounts (the
// built-in bot that makes bots). The bot's own settings live in `bots`: the
// token's hash (the token itself is shown once, never stored), its commands,
// its webhook. `bot_updates` is each bot's queue of Telegram Updates, in
// update_id order, until getUpdates confirms them or the webhook takes them.
// `bot_callbacks` are the presses of inline buttons waiting for (or given)
// an answer. A message keeps its inline keyboard in `reply_markup`, a
// member link its reply keyboard's options in `keyboard_options` (JSON).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_bot', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('is_official', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('bot_owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  // "My bots": an owner's bots.
  await db.schema.createIndex('users_bot_owner').on('users').column('bot_owner_id').execute();

  await db.schema
    .createTable('bots')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('description', 'text')
    // sha256 of the token's secret part, hex; null while no token is in force.
    .addColumn('token_hash', 'text')
    .addColumn('token_issued_at', 'timestamptz')
    // JSON array of {command, description} (setMyCommands).
    .addColumn('commands', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret', 'text')
    // JSON array of update types, or null for the default (all but none excluded).
    .addColumn('allowed_updates', 'text')
    // The newest update_id handed out; ids grow by one per update.
    .addColumn('last_update_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error_at', 'timestamptz')
    .addColumn('last_error_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bots_token_hash').unique().on('bots').column('token_hash').execute();

  await db.schema
    .createTable('bot_updates')
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('update_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // JSON of the update's object (a Message, a CallbackQuery, a ChatMemberUpdated).
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // Webhook delivery: failed attempts so far and when to try again.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addPrimaryKeyConstraint('bot_updates_pk', ['bot_id', 'update_id'])
    .execute();

  await db.schema
    .createTable('bot_callbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('bot_callbacks_age')
    .on('bot_callbacks')
    .column('created_at')
    .execute();

  await db.schema.alterTable('messages').addColumn('reply_markup', 'text').execute();
  await db.schema
    .alterTable('conversation_members')
    .addColumn('keyboard_options', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversation_members').dropColumn('keyboard_options').execute();
  await db.schema.alterTable('messages').dropColumn('reply_markup').execute();
  await db.schema.dropTable('bot_callbacks').execute();
  await db.schema.dropTable('bot_updates').execute();
  await db.schema.dropTable('bots').execute();
  await db.schema.dropIndex('users_bot_owner').execute();
  for (const column of ['bot_owner_id', 'is_official', 'is_bot']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
