import { randomUUID } from 'node:crypto';
import { test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import type { Account } from '../support/users';
import { expect, openInfo, peopleWithChats, signedIn } from './support';

// Once a user is out of a group — they left, or they were removed — the web
// app has no business asking the server about it: every such call is a 404
// (spec: not a member is not found). These journeys record every 404 the
// app's API answers from the moment of leaving through the next seconds,
// with the group open, its info panel open and unread messages in it (the
// read marker, the member list and the list's refetch all had a turn).

/** How long after the leave the page is watched for stray calls. */
const WATCH_MS = 3000;

const idOf = async (request: APIRequestContext, account: Account) =>
  (await callApi<{ id: number }>(request, await tokenFor(request, account), '/user')).id;

/** Every API response with status 404 this page gets from now on, as "METHOD path". */
function record404s(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() === 404 && url.pathname.startsWith('/api/')) {
      seen.push(`${response.request().method()} ${url.pathname}`);
    }
  });
  return seen;
}

/** A group of Alice's with Bob in it and a few messages from Alice; its id and her token. */
async function groupWithBob(request: APIRequestContext) {
  const [alice, bob] = await peopleWithChats(request, ['alice', 'bob']);
  if (!alice || !bob) throw new Error('accounts');
  const aliceToken = await tokenFor(request, alice);
  const group = await callApi<{ id: number }>(request, aliceToken, '/user/groups/create', {
    group_name: 'Hikers',
    member_ids: JSON.stringify([await idOf(request, bob)]),
  });
  for (const text of ['Saturday?', 'Meet at nine']) {
    await callApi(request, aliceToken, '/user/messages', {
      conversation_id: group.id,
      uuid: randomUUID(),
      message: text,
    });
  }
  return { alice, bob, aliceToken, groupId: group.id };
}

test('leaving a group fires no request that 404s', async ({ browser, request }) => {
  const { bob, groupId } = await groupWithBob(request);
  const b = await signedIn(browser, bob);
  await b.goto(`/chat/${groupId}`);
  await expect(b.getByTestId('chat-title')).toHaveText('Hikers');
  await expect(b.getByTestId('message-history').getByText('Meet at nine')).toBeVisible();
  await openInfo(b);
  await expect(b.getByTestId('info-count')).toHaveText('Members: 2');

  const notFound = record404s(b);
  await b.getByTestId('info-leave').click();
  await b.getByTestId('confirm-ok').click();
  await expect(b).toHaveURL(/\/chat\/?$/);
  await expect(b.locator('.conv-row', { hasText: 'Hikers' })).toHaveCount(0);
  await b.waitForTimeout(WATCH_MS);
  expect(notFound).toEqual([]);
});

test('being removed from an open group fires no request that 404s', async ({
  browser,
  request,
}) => {
  const { bob, aliceToken, groupId } = await groupWithBob(request);
  const b = await signedIn(browser, bob);
  await b.goto(`/chat/${groupId}`);
  await expect(b.getByTestId('message-history').getByText('Meet at nine')).toBeVisible();
  await openInfo(b);
  await expect(b.getByTestId('info-count')).toHaveText('Members: 2');

  const notFound = record404s(b);
  const bobId = await idOf(request, bob);
  await callApi(request, aliceToken, `/user/conversations/${groupId}/members/${bobId}/remove`, {});
  await expect(b.getByTestId('chat-not-found-hint')).toHaveText(
    'You were removed from this conversation.',
  );
  await b.waitForTimeout(WATCH_MS);
  expect(notFound).toEqual([]);
});
