import type { Kysely } from 'kysely';
import { BOT_MSG, BOTS_PER_USER_MAX } from '@parley/protocol/bot';
import type { Bot, CreateBotReply, createBotRequestSchema } from '@parley/protocol/bot';
import type { updateBotRequestSchema } from '@parley/protocol/bot';
import { MSG } from '@parley/protocol/messages';
import { usernameKey } from '@parley/protocol/rules/username';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../store/dialect';
import { flag } from '../../store/types';
import type { Database } from '../../store/types';
import { invalid, notFound } from '../groups/access';
import { publicByUsernameKey } from '../groups/queries';
import * as q from './queries';
import type { BotRow } from './queries';
import { newToken, parseToken } from './tokens';

// Bot accounts: "My bots" (routes.ts) and the official bot's commands
// (official-bot.ts) both come here. A bot is a user row flagged is_bot and
// owned by bot_owner_id; only its owner sees or changes it (404 otherwise).

/** Token → bot, for a short while: every Bot API call starts here. Revoking on this node clears it. */
const TOKEN_CACHE_MS = 5_000;
const TOKEN_CACHE_MAX = 10_000;

/**
 * A bot whose account or owner is disabled, or whose owner is deleted, stops:
 * its token answers 401 as a revoked one (what frameworks stop on), and its
 * webhook gets nothing (within TOKEN_CACHE_MS on every node).
 */
export function botStopped(row: BotRow): boolean {
  return (
    row.disabled_at !== null || row.owner_disabled_at !== null || row.owner_deleted_at !== null
  );
}

export function toBot(row: BotRow): Bot {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    description: row.description,
    avatar: row.avatar,
    is_official: flag(row.is_official),
    has_token: row.token_hash !== null,
    token_issued_at: row.token_issued_at,
    webhook_url: row.webhook_url,
    created_at: row.created_at,
  };
}

export function createBotAccounts(deps: {
  db: Kysely<Database>;
  now: Clock;
  /** Frees a deleted bot's username and personal data (users.eraseUser). */
  eraseUser: (id: number, at: string, trx: Kysely<Database>) => Promise<void>;
}) {
  const { db, now } = deps;
  // A plain Map, emptied when it grows past TOKEN_CACHE_MAX: entries live 5 s anyway.
  const byToken = new Map<string, { row: BotRow; until: number }>();

  async function own(ownerId: number, botId: number): Promise<BotRow> {
    const row = await q.botById(db, botId);
    if (!row || row.bot_owner_id !== ownerId) throw notFound();
    return row;
  }

  async function requireFreeUsername(username: string): Promise<void> {
    const key = usernameKey(username);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', key)
      .executeTakeFirst();
    if (user || (await publicByUsernameKey(db, key))) {
      throw invalid('username', MSG.usernameTaken);
    }
  }

  async function setToken(botId: number): Promise<string> {
    const { token, hash } = newToken(botId);
    await q.updateBot(db, botId, { token_hash: hash, token_issued_at: now().toISOString() });
    forget(botId);
    return token;
  }

  /**
   * Drops this node's cached row of a bot (other nodes' expire within
   * TOKEN_CACHE_MS): callers that need its webhook or commands read them fresh.
   */
  function forget(botId: number): void {
    for (const [key, entry] of byToken.entries()) {
      if (entry.row.id === botId) byToken.delete(key);
    }
  }

  /** Creates a bot user; `ownerId` null: an official bot (no owner, no token). */
  async function insert(
    ownerId: number | null,
    name: string,
    username: string,
    official = false,
  ): Promise<number> {
    await requireFreeUsername(username);
    try {
      return await db
        .transaction()
        .execute((trx) =>
          q.insertBotUser(
            trx,
            { name, username, usernameKey: usernameKey(username), ownerId },
            official,
            now().toISOString(),
          ),
        );
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid('username', MSG.usernameTaken);
      throw error;
    }
  }

  return {
    async list(ownerId: number): Promise<Bot[]> {
      return (await q.botsOfOwner(db, ownerId)).map(toBot);
    },

    async get(ownerId: number, botId: number): Promise<Bot> {
      return toBot(await own(ownerId, botId));
    },

    /** The owner's bot by its username (the official bot's commands name bots so). */
    async byUsername(ownerId: number, username: string): Promise<Bot | null> {
      const row = await q.botByUsernameKey(db, usernameKey(username.replace(/^@/, '')));
      return row && row.bot_owner_id === ownerId ? toBot(row) : null;
    },

    async create(
      ownerId: number,
      input: z.output<typeof createBotRequestSchema>,
    ): Promise<CreateBotReply> {
      if ((await q.countOfOwner(db, ownerId)) >= BOTS_PER_USER_MAX) {
        throw invalid('username', BOT_MSG.tooManyBots);
      }
      const id = await insert(ownerId, input.name, input.username);
      const token = await setToken(id);
      return { bot: toBot(await own(ownerId, id)), token };
    },

    /** The official bot of `username`, created on first use (a concurrent twin's row wins). */
    async ensureOfficial(name: string, username: string): Promise<BotRow> {
      const existing = await q.botByUsernameKey(db, usernameKey(username));
      if (existing) return existing;
      try {
        await insert(null, name, username, true);
      } catch (error) {
        if (!(error instanceof Error && 'statusCode' in error)) throw error;
      }
      const row = await q.botByUsernameKey(db, usernameKey(username));
      if (!row) throw new Error(`official bot ${username} not created`);
      return row;
    },

    async update(
      ownerId: number,
      botId: number,
      input: z.output<typeof updateBotRequestSchema>,
    ): Promise<Bot> {
      await own(ownerId, botId);
      if (input.name !== undefined) {
        await db.updateTable('users').set({ name: input.name }).where('id', '=', botId).execute();
      }
      if (input.description !== undefined) {
        const description = input.description === '' ? null : input.description;
        await q.updateBot(db, botId, { description });
      }
      forget(botId);
      return toBot(await own(ownerId, botId));
    },

    /** The bot stops at once: no token, no updates; its chats show "Deleted account". */
    async remove(ownerId: number, botId: number): Promise<void> {
      await own(ownerId, botId);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('bot_updates').where('bot_id', '=', botId).execute();
        await trx.deleteFrom('bot_callbacks').where('bot_id', '=', botId).execute();
        await trx.deleteFrom('bots').where('user_id', '=', botId).execute();
        await deps.eraseUser(botId, now().toISOString(), trx);
        await trx
          .updateTable('users')
          .set({ bot_owner_id: null })
          .where('id', '=', botId)
          .execute();
      });
      forget(botId);
    },

    async issueToken(ownerId: number, botId: number): Promise<string> {
      await own(ownerId, botId);
      return setToken(botId);
    },

    async revokeToken(ownerId: number, botId: number): Promise<void> {
      await own(ownerId, botId);
      await q.updateBot(db, botId, { token_hash: null, token_issued_at: null });
      forget(botId);
    },

    /** The bot a Bot API token belongs to, or null (malformed, revoked, deleted). */
    async authenticate(token: string): Promise<BotRow | null> {
      const parsed = parseToken(token);
      if (!parsed) return null;
      const cached = byToken.get(parsed.hash);
      let row = cached && cached.until > Date.now() ? cached.row : undefined;
      if (!row) {
        row = await q.botByTokenHash(db, parsed.hash);
        if (!row) return null;
        if (byToken.size >= TOKEN_CACHE_MAX) byToken.clear();
        byToken.set(parsed.hash, { row, until: Date.now() + TOKEN_CACHE_MS });
      }
      // Checked on every call, cached or not: the id part must be the bot's own.
      return row.id === parsed.botId && !botStopped(row) ? row : null;
    },

    /** A bot changed its settings (webhook, commands): cached rows must be read again. */
    forget,
  };
}

export type BotAccounts = ReturnType<typeof createBotAccounts>;
