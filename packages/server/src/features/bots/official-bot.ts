import type { FastifyBaseLogger } from 'fastify';
import { createBotRequestSchema, updateBotRequestSchema } from '@parley/protocol/bot';
import { isHttpError } from '../../http/http-error';
import type { MessagesService } from '../messages/service';
import type { BotAccounts } from './accounts';
import type { InProcessBot } from './hooks';
import type { TgMessage } from './telegram';
import { helpText, officialTexts, refusal } from './official-bot-texts';
import type { OfficialTexts } from './official-bot-texts';

// @ParleyBot, the official bot that makes bots (Telegram's BotFather): it
// runs in process, so its chat works without any token. It answers
// commands in a direct chat; a command that needs more (a name, then a
// username) remembers where the person is, in this process's memory (a
// restart forgets it: the person starts the command again). It answers in
// the person's language (users.locale, which the web app reports).

export const OFFICIAL_BOT = { name: 'Parley Bots', username: 'ParleyBot' } as const;

/** Its commands for the "/" menu (setMyCommands keeps one list: English). */
export const OFFICIAL_COMMANDS = Object.entries(officialTexts('en').commands).map(
  ([command, description]) => ({ command, description }),
);

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
  /** The person's interface language (null: not known yet). */
  localeOf: (userId: number) => Promise<string | null>;
}): InProcessBot {
  const { accounts } = deps;
  const steps = new Map<number, Step>();

  const failure = (t: OfficialTexts, error: unknown): string => {
    if (!isHttpError(error)) throw error;
    return refusal(t, Object.values(error.errors ?? {})[0]?.[0] ?? error.message);
  };

  /** The bot a command names (`/token @name_bot`), or why not. */
  async function named(
    t: OfficialTexts,
    userId: number,
    arg: string,
  ): Promise<{ id: number } | string> {
    if (arg === '') return t.nameTheBot;
    return (await accounts.byUsername(userId, arg)) ?? t.noSuchBot;
  }

  async function command(
    t: OfficialTexts,
    userId: number,
    name: string,
    arg: string,
  ): Promise<string> {
    switch (name) {
      case 'start':
      case 'help':
        return helpText(t);
      case 'cancel':
        return steps.delete(userId) ? t.cancelled : t.nothingToCancel;
      case 'newbot':
        steps.set(userId, { kind: 'name' });
        return t.askName;
      case 'mybots': {
        const bots = await accounts.list(userId);
        if (bots.length === 0) return t.noBots;
        return [t.yourBots, ...bots.map((b) => `@${b.username} - ${b.name}`)].join('\n');
      }
      case 'token':
      case 'revoke':
      case 'deletebot':
      case 'setname':
      case 'setdescription': {
        const bot = await named(t, userId, arg);
        if (typeof bot === 'string') return bot;
        if (name === 'token') {
          const token = await accounts.issueToken(userId, bot.id);
          return `${t.newToken}\n${token}`;
        }
        if (name === 'revoke') {
          await accounts.revokeToken(userId, bot.id);
          return t.revoked;
        }
        if (name === 'deletebot') {
          await accounts.remove(userId, bot.id);
          return t.deleted;
        }
        steps.set(userId, { kind: name === 'setname' ? 'rename' : 'describe', botId: bot.id });
        return name === 'setname' ? t.askNewName : t.askNewDescription;
      }
      default:
        return t.unknown;
    }
  }

  async function answer(t: OfficialTexts, userId: number, step: Step, text: string) {
    const refused = (issue: { message: string } | undefined) =>
      issue ? refusal(t, issue.message) : t.tryAgain;
    try {
      switch (step.kind) {
        case 'name':
          steps.set(userId, { kind: 'username', name: text });
          return t.askUsername;
        case 'username': {
          const input = createBotRequestSchema.safeParse({ name: step.name, username: text });
          if (!input.success) return refused(input.error.issues[0]);
          const created = await accounts.create(userId, input.data);
          steps.delete(userId);
          // The token on a line of its own, to copy; no break inside a sentence.
          return [t.created(created.bot.username), created.token, t.keepSecure].join('\n');
        }
        case 'rename':
        case 'describe': {
          const body = step.kind === 'rename' ? { name: text } : { description: text };
          const input = updateBotRequestSchema.safeParse(body);
          if (!input.success) return refused(input.error.issues[0]);
          await accounts.update(userId, step.botId, input.data);
          steps.delete(userId);
          return t.done;
        }
      }
    } catch (error) {
      return failure(t, error);
    }
  }

  async function handle(message: TgMessage, fromId: number): Promise<void> {
    if (message.chat.type !== 'private') return;
    const text = typeof message['text'] === 'string' ? message['text'].trim() : '';
    if (text === '') return;
    const match = /^\/([A-Za-z0-9_]+)(?:@\S+)?\s*(.*)$/s.exec(text);
    const t = officialTexts(await deps.localeOf(fromId));
    let reply: string;
    if (match) {
      const name = (match[1] ?? '').toLowerCase();
      if (name !== 'cancel') steps.delete(fromId);
      try {
        reply = await command(t, fromId, name, (match[2] ?? '').trim());
      } catch (error) {
        reply = failure(t, error);
      }
    } else {
      const step = steps.get(fromId);
      reply = step ? await answer(t, fromId, step, text) : helpText(t);
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
