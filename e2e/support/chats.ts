import type { APIRequestContext } from '@playwright/test';
import { callApi, tokenFor } from './api';
import { newAccount, registerByApi } from './users';
import type { Account } from './users';

/** Finds or creates the direct chat of `a` with `b` as `a` (Bearer `token`, else a fresh login); its id. */
export async function directChat(
  request: APIRequestContext,
  a: Account,
  b: Account,
  token?: string,
): Promise<number> {
  const chat = await callApi<{ id: number }>(
    request,
    token ?? (await tokenFor(request, a)),
    '/user/conversations/direct',
    { username: b.username },
  );
  return chat.id;
}

/**
 * The usual start of a two-person journey: both registered through the API
 * and a direct chat between them, created by `alice` (whose token comes back
 * for more seeding as her).
 */
export async function pairWithChat(
  request: APIRequestContext,
  alice: Account = newAccount('alice'),
  bob: Account = newAccount('bob'),
): Promise<{ alice: Account; bob: Account; chatId: number; aliceToken: string }> {
  await registerByApi(request, alice);
  await registerByApi(request, bob);
  const aliceToken = await tokenFor(request, alice);
  const chatId = await directChat(request, alice, bob, aliceToken);
  return { alice, bob, chatId, aliceToken };
}
