import type { FastifyBaseLogger } from 'fastify';
import { createBotRequestSchema, updateBotRequestSchema } from '@parley/protocol/bot';
import { isHttpError } from '../../http/http-error';
import type { MessagesService } from '../messages/service';
import type { BotAccounts } from './accounts';
import type { InProcessBot } from './hooks';
import type { TgMessage } from './telegram';

// @ParleyBot, the official bot that makes bots (Telegram's BotFather): it
// runs in process, so its chat works without any token. It answers
// commands in a direct chat; a command that needs more (a name, then a
// username) remembers where the person is, in this process's memory (a
// restart forgets it: the person starts the command again).

export const OFFICIAL_BOT = { name: 'Parley Bots', username: 'ParleyBot' } as const;

export const OFFICIAL_COMMANDS = [
  { command: 'newbot', description: 'Create a new bot' },
  { command: 'mybots', description: 'List your bots' },
  { command: 'token', description: 'Get a new token for a bot' },
  { command: 'revoke', description: "Revoke a bot's token" },
  { command: 'setname', description: "Change a bot's name" },
  { command: 'setdescription', description: "Change a bot's description" },
  { command: 'deletebot', description: 'Delete a bot' },
  { command: 'cancel', description: 'Cancel the current command' },
  { command: 'help', description: 'What I can do' },
];

const HELP = [
  'I can help you create and manage Parley bots. Their API is the Telegram Bot API:',
  'point your bot library at this server and use the token I give you.',
  '',
  ...OFFICIAL_COMMANDS.map((c) => `/${c.command} - ${c.description}`),
].join('\n');

type Step =
  | { kind: 'name' }
  | { kind: 'username'; name: string }
  | { kind: 'rename'; botId: number }
  | { kind: 'describe'; botId: number };

export function createOfficialBot(deps: {
  id: number;
  accounts: BotAccounts;
  messages: MessagesService;
  log: FastifyBaseLogger;
}): InProcessBot {
  const { accounts } = deps;
  const steps = new Map<number, Step>();

  const failure = (error: unknown): string => {
    if (!isHttpError(error)) throw error;
    return Object.values(error.errors ?? {})[0]?.[0] ?? error.message;
  };

  /** The bot a command names (`/token @name_bot`), or why not. */
  async function named(userId: number, arg: string): Promise<{ id: number } | string> {
    if (arg === '') return 'Name the bot: for example /token @my_bot';
    return (await accounts.byUsername(userId, arg)) ?? 'You have no bot with that username.';
  }

  async function command(userId: number, name: string, arg: string): Promise<string> {
    switch (name) {
      case 'start':
      case 'help':
        return HELP;
      case 'cancel':
        return steps.delete(userId) ? 'Cancelled.' : 'Nothing to cancel.';
      case 'newbot':
        steps.set(userId, { kind: 'name' });
        return 'Alright, a new bot. How are we going to call it? Please choose a name for your bot.';
      case 'mybots': {
        const bots = await accounts.list(userId);
        if (bots.length === 0) return 'You have no bots yet. Use /newbot to create one.';
        return ['Your bots:', ...bots.map((b) => `@${b.username} - ${b.name}`)].join('\n');
      }
      case 'token':
      case 'revoke':
      case 'deletebot':
      case 'setname':
      case 'setdescription': {
        const bot = await named(userId, arg);
        if (typeof bot === 'string') return bot;
        if (name === 'token') {
          const token = await accounts.issueToken(userId, bot.id);
          return `A new token; the old one no longer works. Keep it secret:\n${token}`;
        }
        if (name === 'revoke') {
          await accounts.revokeToken(userId, bot.id);
          return 'The token was revoked. Use /token to get a new one.';
        }
        if (name === 'deletebot') {
          await accounts.remove(userId, bot.id);
          return 'Done: the bot is deleted.';
        }
        steps.set(userId, { kind: name === 'setname' ? 'rename' : 'describe', botId: bot.id });
        return name === 'setname' ? 'Send me the new name.' : 'Send me the new description.';
      }
      default:
        return 'Unrecognized command. Say /help to see what I can do.';
    }
  }

  async function answer(userId: number, step: Step, text: string): Promise<string> {
    try {
      switch (step.kind) {
        case 'name':
          steps.set(userId, { kind: 'username', name: text });
          return "Good. Now let's choose a username for your bot. It must end in 'bot', like tetris_bot.";
        case 'username': {
          const input = createBotRequestSchema.safeParse({ name: step.name, username: text });
          if (!input.success) return input.error.issues[0]?.message ?? 'Try another username.';
          const created = await accounts.create(userId, input.data);
          steps.delete(userId);
          return [
            `Done! Your bot @${created.bot.username} is ready. Use this token to access the Bot API:`,
            created.token,
            'Keep your token secure: anyone who has it controls your bot.',
          ].join('\n');
        }
        case 'rename':
        case 'describe': {
          const body = step.kind === 'rename' ? { name: text } : { description: text };
          const input = updateBotRequestSchema.safeParse(body);
          if (!input.success) return input.error.issues[0]?.message ?? 'Try again.';
          await accounts.update(userId, step.botId, input.data);
          steps.delete(userId);
          return 'Done.';
        }
      }
    } catch (error) {
      return failure(error);
    }
  }

  async function handle(message: TgMessage, fromId: number): Promise<void> {
    if (message.chat.type !== 'private') return;
    const text = typeof message['text'] === 'string' ? message['text'].trim() : '';
    if (text === '') return;
    const match = /^\/([A-Za-z0-9_]+)(?:@\S+)?\s*(.*)$/s.exec(text);
    let reply: string;
    if (match) {
      const name = (match[1] ?? '').toLowerCase();
      if (name !== 'cancel') steps.delete(fromId);
      try {
        reply = await command(fromId, name, (match[2] ?? '').trim());
      } catch (error) {
        reply = failure(error);
      }
    } else {
      const step = steps.get(fromId);
      reply = step ? await answer(fromId, step, text) : HELP;
    }
    await deps.messages.postAs(deps.id, message.chat.id, {
      message: reply,
      parent_id: null,
      file: null,
      reply_markup: null,
    });
  }

  return {
    id: deps.id,
    onMessage(message, fromId) {
      handle(message, fromId).catch((error: unknown) =>
        deps.log.error({ err: error }, 'official bot: answer failed'),
      );
    },
  };
}
