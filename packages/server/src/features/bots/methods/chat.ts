import { z } from 'zod';
import { channels } from '../../../bus/bus';
import { badRequest, tooManyRequests } from '../api-errors';
import type { Method } from '../context';
import { chatId, json } from '../params';
import { chatAccess } from '../send';
import { chatOf, tgUser } from '../telegram';

// getMe, getChat, the bot's commands, and sendChatAction.

/** Telegram's rule for a command: 1..32 of a-z, 0-9 and _. */
const commandSchema = z.object({
  command: z
    .string()
    .transform((c) => c.replace(/^\//, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9_]{1,32}$/, 'BOT_COMMAND_INVALID')),
  description: z.string().trim().min(1, 'BOT_COMMAND_DESCRIPTION_INVALID').max(256),
});
export const commandsSchema = z.array(commandSchema).max(100);

/** How long a chat action shows (Telegram: 5 seconds, or until the bot's next message). */
const CHAT_ACTION_MS = 5_000;
const CHAT_ACTIONS = [
  'typing',
  'upload_photo',
  'record_video',
  'upload_video',
  'record_voice',
  'upload_voice',
  'upload_document',
  'choose_sticker',
  'find_location',
  'record_video_note',
  'upload_video_note',
] as const;

export const chatMethods: Record<string, Method> = {
  async getMe(_deps, call) {
    return {
      ...tgUser({ ...call.bot, is_bot: true }),
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    };
  },

  async getChat(deps, call) {
    const p = z.object({ chat_id: chatId() }).parse(call.params);
    const access = await chatAccess(deps, call, p.chat_id);
    const chat = await chatOf(deps.db, access.id, call.bot.id);
    if (!chat) throw badRequest('chat not found');
    return {
      ...chat,
      ...(access.description && access.description !== 'null'
        ? { description: access.description }
        : {}),
    };
  },

  async setMyCommands(deps, call) {
    const p = z.object({ commands: json(commandsSchema) }).parse(call.params);
    const commands = JSON.stringify(p.commands);
    await deps.db
      .updateTable('bots')
      .set({ commands })
      .where('user_id', '=', call.bot.id)
      .execute();
    return true;
  },

  async deleteMyCommands(deps, call) {
    await deps.db
      .updateTable('bots')
      .set({ commands: '[]' })
      .where('user_id', '=', call.bot.id)
      .execute();
    return true;
  },

  async getMyCommands(deps, call) {
    const row = await deps.db
      .selectFrom('bots')
      .select('commands')
      .where('user_id', '=', call.bot.id)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.commands) as unknown;
  },

  /** Shown to the chat's members as the bot's ordinary typing indicator, for 5 s. */
  async sendChatAction(deps, call) {
    const p = z.object({ chat_id: chatId(), action: z.enum(CHAT_ACTIONS) }).parse(call.params);
    const access = await chatAccess(deps, call, p.chat_id);
    // Each action is relayed to every member: a bot may send a few, not a stream.
    const wait = await deps.apiLimits.chatAction(`${call.bot.id}:${access.id}`);
    if (wait !== null) throw tooManyRequests(wait);
    const channel = channels.conversation(access.id);
    const typing = (state: 'start' | 'stop') => ({
      kind: 'typing',
      conversation_id: access.id,
      user_id: call.bot.id,
      state,
    });
    await deps.bus.publish(channel, typing('start'));
    setTimeout(() => {
      deps.bus.publish(channel, typing('stop')).catch(() => undefined);
    }, CHAT_ACTION_MS).unref();
    return true;
  },
};
