import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { BotCommand } from '@parley/protocol/bot';
import { botRoutes } from '@parley/protocol/http/bot-routes';
import { negotiateLocale } from '@parley/protocol/locales';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import { flag } from '../../store/types';
import type { Database } from '../../store/types';
import type { ConversationsService } from '../conversations/service';
import type { BotAccounts } from './accounts';
import type { Callbacks } from './callbacks';
import { officialTexts } from './official-bot-texts';

// "My bots" and what a person does with bots' messages (protocol bot-routes.ts).

/**
 * The commands of the bots present in a conversation, for the "/" menu; the
 * official bot's in the reader's language (the app's Accept-Language).
 */
async function commandsIn(
  db: Kysely<Database>,
  conversationId: number,
  locale: string,
): Promise<BotCommand[]> {
  const official = officialTexts(locale).commands as Record<string, string | undefined>;
  const rows = await db
    .selectFrom('conversation_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('bots as b', 'b.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.is_official', 'b.commands'])
    .where('m.conversation_id', '=', conversationId)
    .where('m.member_status', '=', 'member')
    .orderBy('u.id')
    .execute();
  return rows.flatMap((r) => {
    let list: unknown;
    try {
      list = JSON.parse(r.commands);
    } catch {
      return [];
    }
    if (!Array.isArray(list)) return [];
    return (list as { command: string; description: string }[]).map((c) => ({
      bot_id: r.id,
      bot_username: r.username,
      command: c.command,
      description: (flag(r.is_official) ? official[c.command] : undefined) ?? c.description,
    }));
  });
}

export function botsRoutes(deps: {
  db: Kysely<Database>;
  accounts: BotAccounts;
  callbacks: Callbacks;
  conversations: ConversationsService;
  guard: Guard;
}): FastifyPluginAsyncZod {
  const { accounts } = deps;
  return async (app) => {
    const onRequest = [deps.guard];
    const doc = (summary: string, ...codes: Parameters<typeof errorReplies>) => ({
      tags: ['bots'],
      security: bearerSecurity,
      summary,
      errors: errorReplies(...codes),
    });
    const ok = { status: 'ok' as const };

    addRoute(app, botRoutes.myBots, {
      doc: doc("The caller's bots, oldest first.", 401),
      onRequest,
      handler: async (request) => ({ bots: await accounts.list(authOf(request).userId) }),
    });

    addRoute(app, botRoutes.createBot, {
      doc: doc(
        'Create a bot (its username ends in "bot"); the reply holds its token, shown this once.',
        401,
        422,
      ),
      onRequest,
      handler: async (request) => accounts.create(authOf(request).userId, request.body),
    });

    addRoute(app, botRoutes.updateBot, {
      doc: doc('Rename one of your bots and/or set its description.', 401, 404, 422),
      onRequest,
      handler: async (request) =>
        accounts.update(authOf(request).userId, request.params.id, request.body),
    });

    addRoute(app, botRoutes.deleteBot, {
      doc: doc('Delete one of your bots: its token stops working at once.', 401, 404),
      onRequest,
      handler: async (request) => {
        await accounts.remove(authOf(request).userId, request.params.id);
        return ok;
      },
    });

    addRoute(app, botRoutes.botToken.issue, {
      doc: doc(
        'A new token for one of your bots (shown once); the old one stops working.',
        401,
        404,
      ),
      onRequest,
      handler: async (request) => ({
        token: await accounts.issueToken(authOf(request).userId, request.params.id),
      }),
    });

    addRoute(app, botRoutes.botToken.revoke, {
      doc: doc("Revoke a bot's token: the Bot API refuses it from now on.", 401, 404),
      onRequest,
      handler: async (request) => {
        await accounts.revokeToken(authOf(request).userId, request.params.id);
        return ok;
      },
    });

    addRoute(app, botRoutes.pressCallback, {
      doc: doc(
        "Press an inline button of a bot's message; the answer comes as bot.callback_answer.",
        401,
        404,
        422,
      ),
      onRequest,
      handler: async (request) =>
        deps.callbacks.press(authOf(request).userId, request.params.id, request.body.data),
    });

    addRoute(app, botRoutes.botLanguage, {
      doc: doc('Tell the server the language the app shows: the official bot answers in it.', 401),
      onRequest,
      handler: async (request) => {
        await deps.db
          .updateTable('users')
          .set({ locale: request.body.locale })
          .where('id', '=', authOf(request).userId)
          .execute();
        return ok;
      },
    });

    addRoute(app, botRoutes.botCommands, {
      doc: doc("The commands of the conversation's bots (the composer's / menu).", 401, 404),
      onRequest,
      handler: async (request) => {
        const access = await deps.conversations.requireAccess(
          authOf(request).userId,
          request.params.id,
        );
        const locale = negotiateLocale(request.headers['accept-language']);
        return { commands: await commandsIn(deps.db, access.id, locale) };
      },
    });
  };
}
