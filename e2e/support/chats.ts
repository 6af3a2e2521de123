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

/**
 * A direct chat in which `friend` has written to `owner` (and `owner` has
 * read it): a two-way chat, so `owner` may add `friend` to groups at once
 * (docs/PERMISSIONS.md, "Consent"). Its id.
 */
export async function twoWayChat(
  request: APIRequestContext,
  owner: Account,
  friend: Account,
  ownerToken?: string,
): Promise<number> {
  const chatId = await directChat(request, friend, owner);
  await callApi(request, await tokenFor(request, friend), '/user/messages', {
    conversation_id: chatId,
    uuid: crypto.randomUUID(),
    message: `Hi ${owner.name}`,
  });
  await callApi(
    request,
    ownerToken ?? (await tokenFor(request, owner)),
    `/user/messages/read/${chatId}`,
    {},
  );
  return chatId;
}

/** A group `owner` made by the create form with `members` in it (each a two-way chat first); its id. */
export async function groupByApi(
  request: APIRequestContext,
  owner: Account,
  ownerToken: string,
  name: string,
  members: Account[],
): Promise<number> {
  const ids: number[] = [];
  for (const member of members) {
    await twoWayChat(request, owner, member, ownerToken);
    ids.push((await callApi<{ id: number }>(request, await tokenFor(request, member), '/user')).id);
  }
  const group = await callApi<{ id: number; invited: unknown[] }>(
    request,
    ownerToken,
    '/user/groups/create',
    { group_name: name, member_ids: ids },
  );
  if (group.invited.length > 0) throw new Error(`${name}: members were only invited`);
  return group.id;
}
