import type { UpdateBotRequest } from '@parley/protocol/bot';
import { botRoutes } from '@parley/protocol/http/bot-routes';
import { call } from '../../../api/http';

// "My bots" calls (settings). Only the lazily loaded My bots screen imports
// this, so the bot schemas stay out of the chat's first load.

export const listBots = () => call(botRoutes.myBots);

/** The form shows its own errors (field errors, too many bots). */
export const createBot = (name: string, username: string) =>
  call(botRoutes.createBot, { body: { name, username }, silent: true });

export const updateBot = (id: number, body: UpdateBotRequest) =>
  call(botRoutes.updateBot, { params: { id }, body, silent: true });

export const deleteBot = (id: number) => call(botRoutes.deleteBot, { params: { id } });

export const issueBotToken = (id: number) => call(botRoutes.botToken.issue, { params: { id } });

export const revokeBotToken = (id: number) => call(botRoutes.botToken.revoke, { params: { id } });
