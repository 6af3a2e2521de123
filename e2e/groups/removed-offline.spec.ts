import { test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { groupByApi } from '../support/chats';
import { readCacheRow } from '../support/cache';
import { peopleWithChats, signedIn, expect } from './support';
import type { Account } from '../support/users';

// A member removed (or blocked) from a group while their app was offline:
// when it is back, the group leaves their list and its open chat says they
// were removed, as it does when the removal happens online, and a reload
// does not bring a ghost copy back from the local cache.

async function groupOf(request: APIRequestContext, owner: Account, member: Account) {
  const token = await tokenFor(request, owner);
  const me = await callApi<{ id: number }>(request, await tokenFor(request, member), '/user');
  const group = {
    id: await groupByApi(request, owner, token, `Walkers ${Date.now() % 1000}`, [member]),
  };
  await callApi(request, token, '/user/messages', {
    conversation_id: group.id,
    uuid: crypto.randomUUID(),
    message: 'before the removal',
  });
  return { id: group.id, token, memberId: me.id };
}

const history = (page: Page) =>
  page.getByTestId('message-text').filter({ hasText: 'before the removal' });

async function openCached(page: Page, groupId: number) {
  await page.getByTestId(`conversation-${groupId}`).click();
  await expect(history(page)).toBeVisible();
  await expect(page.getByTestId('composer-input')).toBeVisible();
  // The cache holds the group and its history: what a ghost would come back from.
  await expect.poll(() => readCacheRow(page, 'threads', groupId)).not.toBeNull();
}

const DONE = { remove: 'removed', block: 'blocked' } as const;

for (const action of ['remove', 'block'] as const) {
  test(`${DONE[action]} while offline: back online the group is gone, and stays gone after a reload`, async ({
    browser,
    request,
  }) => {
    const [alice, bob] = await peopleWithChats(request, ['alice', 'bob']);
    if (!alice || !bob) throw new Error('people');
    const group = await groupOf(request, alice, bob);
    const page = await signedIn(browser, bob);
    await openCached(page, group.id);

    await page.context().setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await callApi(
      request,
      group.token,
      `/user/conversations/${group.id}/members/${group.memberId}/${action}`,
      {},
    );
    await page.context().setOffline(false);

    await expect(page.getByTestId(`conversation-${group.id}`)).toHaveCount(0);
    await expect(page.getByTestId('chat-not-found-hint')).toHaveText(
      'You were removed from this conversation.',
    );
    await expect(page.getByTestId('composer-input')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('chat-not-found')).toBeVisible();
    await expect(page.getByTestId(`conversation-${group.id}`)).toHaveCount(0);
    await expect(history(page)).toHaveCount(0);
    await expect(page.getByTestId('error-list')).toHaveCount(0);
    await page.context().close();
  });

  test(`${DONE[action]} while the app was closed: reopened, the cache brings no ghost back`, async ({
    browser,
    request,
  }) => {
    const [alice, bob] = await peopleWithChats(request, ['alice', 'bob']);
    if (!alice || !bob) throw new Error('people');
    const group = await groupOf(request, alice, bob);
    const page = await signedIn(browser, bob);
    await openCached(page, group.id);
    const url = page.url();
    const context = page.context();
    await page.close();

    await callApi(
      request,
      group.token,
      `/user/conversations/${group.id}/members/${group.memberId}/${action}`,
      {},
    );

    // Reopened on the group itself: the cached copy may show for a moment,
    // then the server's answer takes it away, with no raw "Not found.".
    const again = await context.newPage();
    await again.goto(url);
    await expect(again.getByTestId('chat-not-found')).toBeVisible();
    await expect(again.getByTestId(`conversation-${group.id}`)).toHaveCount(0);
    await expect(history(again)).toHaveCount(0);
    await expect(again.getByTestId('composer-input')).toHaveCount(0);
    await expect(again.getByTestId('error-list')).toHaveCount(0);
    // And the cache no longer holds it.
    await expect.poll(() => readCacheRow(again, 'threads', group.id)).toBeNull();
    await expect.poll(() => readCacheRow(again, 'conversations', group.id)).toBeNull();
    await again.goto('/chat');
    await expect(again.getByTestId('chat-shell')).toBeVisible();
    await expect(again.getByTestId(`conversation-${group.id}`)).toHaveCount(0);
    await context.close();
  });
}
