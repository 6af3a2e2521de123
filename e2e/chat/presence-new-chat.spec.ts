import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import type { Account } from '../support/users';

// Two people, both connected, who have no chat yet: one finds the other and
// starts one. Each sees the other online at once (presence followed from the
// join), not "last seen recently" until one of them reloads; the one who
// leaves is "last seen just now" (issue 23).

const LIVE = { timeout: 5_000 };

async function signedIn(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, account);
  // The socket is up (presence is shown only while our own socket is connected).
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  return page;
}

test('a chat started while both are connected shows each the other online', async ({
  browser,
  request,
}) => {
  const alice = newAccount('alice');
  const bob = newAccount('bob');
  await registerByApi(request, alice);
  await registerByApi(request, bob);
  const bobId = (await callApi<{ id: number }>(request, await tokenFor(request, bob), '/user')).id;

  const b = await signedIn(browser, bob);
  const a = await signedIn(browser, alice);

  // Alice finds Bob by his username and opens a chat with him.
  await a.locator('input[name="search"]').fill(bob.username);
  await a.getByTestId(`search-u${bobId}`).click();
  await expect(a.getByTestId('chat-title')).toHaveText(bob.name);
  await expect(a.getByTestId('chat-subtitle')).toHaveText('online', LIVE);
  await expect(a.getByTestId('chat-open').getByTestId('online-dot')).toBeVisible();
  await saveScreenshot(a, 'presence-new-chat');

  // Bob's list gets the chat live; Alice is online there too.
  const chatId = Number(new URL(a.url()).pathname.split('/').pop());
  const row = b.getByTestId(`conversation-${chatId}`);
  await expect(row).toBeVisible(LIVE);
  await expect(row.getByTestId('online-dot')).toBeVisible(LIVE);
  await row.click();
  await expect(b.getByTestId('chat-subtitle')).toHaveText('online', LIVE);

  // And it stays followed: Alice leaving is seen without a reload.
  await a.context().close();
  await expect(b.getByTestId('chat-subtitle')).toHaveText('last seen just now', LIVE);
  await b.context().close();
});
