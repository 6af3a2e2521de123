import type { Kysely } from 'kysely';
import type { Updateable } from 'kysely';
import type { BotsTable } from '../../store/bot-tables';
import type { Database } from '../../store/types';
import { compiledOnce } from '../../store/compiled-once';

// The bots' rows: the user row that is the bot joined with its settings.

export interface BotRow {
  id: number;
  name: string;
  username: string;
  username_key: string;
  avatar: string | null;
  is_official: boolean | number;
  bot_owner_id: number | null;
  description: string | null;
  token_hash: string | null;
  token_issued_at: string | null;
  commands: string;
  webhook_url: string | null;
  webhook_secret: string | null;
  allowed_updates: string | null;
  last_update_id: number;
  last_error_at: string | null;
  last_error_message: string | null;
  created_at: string;
  /** The bot account, its owner's: disabled by an admin, or the owner deleted (the bot stops). */
  disabled_at: string | null;
  owner_disabled_at: string | null;
  owner_deleted_at: string | null;
}

function selectBots(db: Kysely<Database>) {
  return db
    .selectFrom('bots as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .leftJoin('users as o', 'o.id', 'u.bot_owner_id')
    .select([
      'u.id',
      'u.name',
      'u.username',
      'u.username_key',
      'u.avatar',
      'u.is_official',
      'u.bot_owner_id',
      'b.description',
      'b.token_hash',
      'b.token_issued_at',
      'b.commands',
      'b.webhook_url',
      'b.webhook_secret',
      'b.allowed_updates',
      'b.last_update_id',
      'b.last_error_at',
      'b.last_error_message',
      'b.created_at',
      'u.disabled_at',
      'o.disabled_at as owner_disabled_at',
      'o.deleted_at as owner_deleted_at',
    ]);
}

export function botById(db: Kysely<Database>, id: number): Promise<BotRow | undefined> {
  return selectBots(db).where('u.id', '=', id).executeTakeFirst();
}

export function botByUsernameKey(db: Kysely<Database>, key: string): Promise<BotRow | undefined> {
  return selectBots(db).where('u.username_key', '=', key).executeTakeFirst();
}

export function botByTokenHash(db: Kysely<Database>, hash: string): Promise<BotRow | undefined> {
  return selectBots(db).where('b.token_hash', '=', hash).executeTakeFirst();
}

export function botsOfOwner(db: Kysely<Database>, ownerId: number): Promise<BotRow[]> {
  return selectBots(db).where('u.bot_owner_id', '=', ownerId).orderBy('u.id').execute();
}

export async function countOfOwner(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('bot_owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertBotUser(
  db: Kysely<Database>,
  values: { name: string; username: string; usernameKey: string; ownerId: number | null },
  official: boolean,
  at: string,
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      name: values.name,
      username: values.username,
      username_key: values.usernameKey,
      // A login key never starts with a space (logins are trimmed) and '!' is
      // no password hash: nobody signs in as a bot.
      login: ` bot:${values.usernameKey}`,
      login_key: ` bot:${values.usernameKey}`,
      password_hash: '!',
      created_at: at,
      is_bot: 1,
      is_official: official ? 1 : 0,
      bot_owner_id: values.ownerId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('bots').values({ user_id: row.id, created_at: at }).execute();
  return row.id;
}

export async function updateBot(
  db: Kysely<Database>,
  id: number,
  change: Omit<Updateable<BotsTable>, 'user_id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('bots').set(change).where('user_id', '=', id).execute();
}

/** The bots among a conversation's present members, with their role. */
// Asked by every send (is a bot in the chat to be told?): compiled once.
export const botMembers = compiledOnce((db, conversationId: number) =>
  db
    .selectFrom('conversation_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.username_key', 'm.role'])
    .where('m.conversation_id', '=', conversationId)
    .where('m.member_status', '=', 'member')
    .where('u.is_bot', '=', 1)
    .where('u.deleted_at', 'is', null),
);

/** The present human members of a conversation (a reply keyboard's audience). */
export async function humanMembers(db: Kysely<Database>, conversationId: number) {
  const rows = await db
    .selectFrom('conversation_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.id')
    .where('m.conversation_id', '=', conversationId)
    .where('m.member_status', '=', 'member')
    .where('u.is_bot', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}
