import { statusOkSchema } from '../auth';
import {
  botCommandsReplySchema,
  botLanguageRequestSchema,
  botListSchema,
  botParamsSchema,
  botSchema,
  botTokenReplySchema,
  createBotReplySchema,
  createBotRequestSchema,
  pressCallbackReplySchema,
  pressCallbackRequestSchema,
  updateBotRequestSchema,
} from '../bot';
import { conversationParamsSchema } from '../conversation';
import { messageIdParamsSchema } from '../message';
import { del, get, patch, post } from './route';

// "My bots" (the caller's own bot accounts) and what a user does with a
// bot's messages. One area of the route table (routes.ts); the Bot API
// itself (/bot<token>/<method>) is outside API_BASE (docs/BOTS.md).
// Blocking a bot is the direct chat's block/unblock (conversation-routes.ts).

const bot = { params: botParamsSchema };

export const botRoutes = {
  myBots: get('/user/bots', { reply: botListSchema }),
  createBot: post('/user/bots', { body: createBotRequestSchema, reply: createBotReplySchema }),
  /** Rename and/or set the description. */
  updateBot: patch('/user/bots/:id', { ...bot, body: updateBotRequestSchema, reply: botSchema }),
  deleteBot: del('/user/bots/:id', { ...bot, reply: statusOkSchema }),
  botToken: {
    /** A new token (shown once); the one in force stops working. */
    issue: post('/user/bots/:id/token', { ...bot, reply: botTokenReplySchema }),
    /** No token in force any more: the Bot API answers 401 until a new one is issued. */
    revoke: del('/user/bots/:id/token', { ...bot, reply: statusOkSchema }),
  },
  /** Press an inline button of a bot's message; the answer comes as `bot.callback_answer`. */
  pressCallback: post('/user/messages/:id/callback', {
    params: messageIdParamsSchema,
    body: pressCallbackRequestSchema,
    reply: pressCallbackReplySchema,
  }),
  /** The interface language the app shows: the official bot answers in it. */
  botLanguage: post('/user/bots/language', {
    body: botLanguageRequestSchema,
    reply: statusOkSchema,
  }),
  /** The commands of the conversation's bots, for the "/" menu. */
  botCommands: get('/user/conversations/:id/bot-commands', {
    params: conversationParamsSchema,
    reply: botCommandsReplySchema,
  }),
};
