import type { CreateBotReply } from '@parley/protocol/bot';
import type { Client } from './harness';
import type { Person } from './messaging';

// Helpers of the bot suites: a bot of someone's, and Bot API calls.

export interface TestBot {
  id: number;
  token: string;
  username: string;
}

let counter = 0;

export async function newBot(client: Client, owner: Person, prefix = 'test'): Promise<TestBot> {
  counter += 1;
  const username = `${prefix}${counter}${Date.now() % 100000}_bot`;
  const res = await client.post<CreateBotReply>(
    '/user/bots',
    { name: `Bot ${counter}`, username },
    { token: owner.token },
  );
  if (res.status !== 200) throw new Error(`create bot: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.bot.id, token: res.body.token, username };
}

export interface BotReply {
  ok: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** One Bot API call as JSON (or `raw` with its own content type). */
export async function api(
  client: Client,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
  raw?: { body: string; type: string },
): Promise<{ status: number; body: BotReply }> {
  const res = await fetch(`${client.baseUrl}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': raw?.type ?? 'application/json' },
    body: raw?.body ?? JSON.stringify(params),
  });
  return { status: res.status, body: (await res.json()) as BotReply };
}
