import type { Kysely } from 'kysely';
import { afterCommit } from '../../events/log';
import type { Database } from '../../store/types';
import type { MembershipHooks } from '../conversations/hooks';
import type { AccessRow } from '../conversations/queries';
import * as messageQueries from '../messages/queries';
import type { MessageHooks } from '../messages/hooks';
import { toMessages } from '../messages/to-message';
import type { Message } from '@parley/protocol/message';
import { commandBot } from '@parley/protocol/rules/bot-commands';
import { usernameKey } from '@parley/protocol/rules/username';
import * as q from './queries';
import { chatOf, tgMessage, unixTime, userIdsOf, usersById } from './telegram';
import type { TgMessage } from './telegram';
import type { BotUpdates } from './updates';

// Where bots learn what happens: the messages and membership features call
// these inside the transaction of the change, and a bot's Update is queued
// there (updates.ts). The official bot is served in process instead: its
// messages go to its handler once the transaction committed.

/** The in-process bot (official-bot.ts), set once it exists. */
export interface InProcessBot {
  id: number;
  onMessage(message: TgMessage, fromId: number): void;
}

/**
 * Privacy mode (Telegram's): in a group, a bot that is not an admin sees
 * commands (but not `/cmd@other_bot`, meant for another bot), replies to its
 * own messages and mentions of it; an admin sees all.
 */
function sees(m: Message, bot: { id: number; username_key: string; role: string | null }) {
  if (bot.role === 'owner' || bot.role === 'moderator') return true;
  const text = m.message.trimStart();
  if (text.startsWith('/')) {
    const named = commandBot(text.split(/\s/, 1)[0] ?? '');
    if (named === null || usernameKey(named) === bot.username_key) return true;
  }
  if (m.parent?.sender?.id === bot.id) return true;
  return text.toLowerCase().includes(`@${bot.username_key}`);
}

export function createBotHooks(updates: BotUpdates) {
  let inProcess: InProcessBot | null = null;

  /** A user's message (new or edited) to every bot of the conversation that may see it. */
  async function relay(
    trx: Kysely<Database>,
    access: AccessRow,
    messageId: number,
    senderId: number,
    type: 'message' | 'edited_message',
  ): Promise<void> {
    if (access.type !== 'direct' && access.type !== 'group') return;
    const bots = await q.botMembers(trx, access.id);
    // Bots never see each other's messages (as on Telegram).
    if (bots.length === 0 || bots.some((b) => b.id === senderId)) return;
    const row = await messageQueries.findById(trx, messageId);
    if (!row) return;
    const [message] = await toMessages(trx, [row]);
    if (!message) return;
    const users = await usersById(trx, userIdsOf(message));
    for (const bot of bots) {
      if (access.type === 'group' && !sees(message, bot)) continue;
      const chat = await chatOf(trx, access.id, bot.id);
      if (!chat) continue;
      const tg = tgMessage(message, chat, users);
      const handler = inProcess;
      if (handler && bot.id === handler.id) {
        if (type === 'message') afterCommit(trx, () => handler.onMessage(tg, senderId));
        continue;
      }
      await updates.enqueue(trx, bot.id, type, tg);
    }
  }

  /** my_chat_member: the bot's own status in a chat changed, by `by`. */
  async function memberUpdate(
    trx: Kysely<Database>,
    conversationId: number,
    botId: number,
    by: number,
    from: string,
    to: string,
    at: string,
  ): Promise<void> {
    const users = await usersById(trx, [botId, by]);
    const bot = users.get(botId);
    const actor = users.get(by);
    const chat = await chatOf(trx, conversationId, botId);
    if (!bot?.is_bot || !actor || !chat) return;
    await updates.enqueue(trx, botId, 'my_chat_member', {
      chat,
      from: actor,
      date: unixTime(at),
      old_chat_member: { user: bot, status: from },
      new_chat_member: { user: bot, status: to },
    });
  }

  const messages: MessageHooks = {
    inserted: (trx, access, id, senderId) => relay(trx, access, id, senderId, 'message'),
    edited: (trx, access, id, senderId) => relay(trx, access, id, senderId, 'edited_message'),
  };

  const membership: MembershipHooks = {
    async joined(trx, conversationId, userIds, by, at) {
      if (by === null || userIds.length === 0) return;
      const bots = await trx
        .selectFrom('users')
        .select('id')
        .where('id', 'in', userIds)
        .where('is_bot', '=', 1)
        .execute();
      for (const b of bots) await memberUpdate(trx, conversationId, b.id, by, 'left', 'member', at);
    },
    async left(trx, conversationId, userId, by, how, at) {
      const status = how === 'left' ? 'left' : 'kicked';
      await memberUpdate(trx, conversationId, userId, by, 'member', status, at);
    },
    async blocked(trx, conversationId, userId, friendId, blocked, at) {
      const [from, to] = blocked ? ['member', 'kicked'] : ['kicked', 'member'];
      await memberUpdate(trx, conversationId, friendId, userId, from, to, at);
    },
  };

  return {
    messages,
    membership,
    /** Serves `bot`'s messages in process from now on (the official bot). */
    serveInProcess(bot: InProcessBot): void {
      inProcess = bot;
    },
  };
}
