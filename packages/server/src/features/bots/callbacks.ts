import { randomBytes } from 'node:crypto';
import { BOT_MSG } from '@parley/protocol/bot';
import { MSG } from '@parley/protocol/messages';
import { TooManyRequests } from '../../http/http-error';
import { appendUserEvent } from '../../events/log';
import { flag } from '../../store/types';
import { invalid, notFound } from '../groups/access';
import { badRequest } from './api-errors';
import type { BotApiDeps } from './context';
import { asTgMessage } from './send';
import { tgUser } from './telegram';

// Inline buttons with callback_data: a person presses one (POST
// /user/messages/:id/callback), the bot gets a callback_query Update, and its
// answerCallbackQuery reaches that person alone as the user event
// `bot.callback_answer`. A query can be answered once, within ANSWER_WINDOW_MS.

const ANSWER_WINDOW_MS = 15 * 60 * 1000;
/** Queries older than this are deleted now and then. */
const KEEP_MS = 24 * 60 * 60 * 1000;

const TOO_OLD = 'query is too old and response timeout expired or query ID is invalid';

export function createCallbacks(deps: BotApiDeps) {
  const { db } = deps;
  let presses = 0;

  const before = (ms: number) => new Date(deps.now().getTime() - ms).toISOString();

  return {
    async press(userId: number, messageId: number, data: string): Promise<{ query_id: string }> {
      // Every press is an update for a bot: a person may tap quickly, not flood.
      const wait = await deps.apiLimits.press(String(userId));
      if (wait !== null) throw new TooManyRequests(wait, MSG.tooManyRequests);
      const row = await deps.messages.visibleTo(userId, messageId);
      if (row.user_id === null || row.user_id === userId) throw notFound();
      const sender = await db
        .selectFrom('users')
        .select(['id', 'name', 'username', 'is_bot'])
        .where('id', '=', row.user_id)
        .executeTakeFirst();
      if (!sender || !flag(sender.is_bot)) throw notFound();
      const [message] = await deps.messages.byIds([row.id]);
      const buttons = message?.reply_markup?.inline_keyboard?.flat() ?? [];
      if (!message || !buttons.some((b) => b.callback_data === data)) {
        throw invalid('data', BOT_MSG.buttonGone);
      }
      const presser = await db
        .selectFrom('users')
        .select(['id', 'name', 'username', 'is_bot', 'locale'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const id = BigInt(`0x${randomBytes(8).toString('hex')}`).toString();
      const at = deps.now().toISOString();
      const tg = await asTgMessage(deps, sender.id, message);
      await deps.transaction(async (trx) => {
        await trx
          .insertInto('bot_callbacks')
          .values({
            id,
            bot_id: sender.id,
            user_id: userId,
            conversation_id: row.conversation_id,
            message_id: row.id,
            data,
            created_at: at,
            answered_at: null,
          })
          .execute();
        await deps.updates.enqueue(trx, sender.id, 'callback_query', {
          id,
          from: tgUser(presser),
          message: tg,
          chat_instance: String(row.conversation_id),
          data,
        });
      });
      if (++presses % 100 === 0) {
        await db.deleteFrom('bot_callbacks').where('created_at', '<', before(KEEP_MS)).execute();
      }
      return { query_id: id };
    },

    async answer(
      botId: number,
      input: {
        callback_query_id: string;
        text?: string | undefined;
        show_alert?: boolean | undefined;
        url?: string | undefined;
      },
    ): Promise<true> {
      const row = await db
        .selectFrom('bot_callbacks')
        .selectAll()
        .where('id', '=', input.callback_query_id)
        .where('bot_id', '=', botId)
        .executeTakeFirst();
      if (!row || row.answered_at !== null || row.created_at < before(ANSWER_WINDOW_MS)) {
        throw badRequest(TOO_OLD);
      }
      const at = deps.now().toISOString();
      await deps.transaction(async (trx) => {
        const claimed = await trx
          .updateTable('bot_callbacks')
          .set({ answered_at: at })
          .where('id', '=', row.id)
          .where('answered_at', 'is', null)
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) throw badRequest(TOO_OLD);
        await appendUserEvent(
          trx,
          row.user_id,
          'bot.callback_answer',
          {
            conversation_id: row.conversation_id,
            message_id: row.message_id,
            query_id: row.id,
            text: input.text ?? null,
            show_alert: input.show_alert ?? false,
            url: input.url ?? null,
          },
          at,
        );
      });
      return true;
    },
  };
}

export type Callbacks = ReturnType<typeof createCallbacks>;
