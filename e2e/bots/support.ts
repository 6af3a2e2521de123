import type { APIRequestContext } from '@playwright/test';
import { Bot } from 'grammy';
import { callApi, tokenFor } from '../support/api';
import { newAccount, registerByApi } from '../support/users';
import type { Account } from '../support/users';

/**
 * A new person who owns a new bot (made through the same call My bots
 * makes), and a grammY client for that bot pointed at this journey's server
 * (only the API root changed): the journeys drive a real framework.
 */
export async function ownerWithBot(
  request: APIRequestContext,
  baseURL: string | undefined,
  bot: { name: string; prefix: string },
) {
  const owner: Account = newAccount('owner');
  await registerByApi(request, owner);
  const ownerToken = await tokenFor(request, owner);
  const username = `${bot.prefix}${Date.now().toString(36)}_bot`;
  const created = await callApi<{ bot: { id: number }; token: string }>(
    request,
    ownerToken,
    '/user/bots',
    { name: bot.name, username },
  );
  const client = new Bot(created.token, { client: { apiRoot: baseURL } });
  return { owner, ownerToken, username, botId: created.bot.id, client };
}
