import { expect, test } from '@playwright/test';
import { readCacheRow } from '../support/cache';
import { saveScreenshot } from '../support/screenshots';
import { pairWithChat } from '../support/chats';
import { signInByUi } from '../support/users';

// A return visit with no network at all: the page comes from the service
// worker's offline shell, the scripts from the browser's HTTP cache (sw.ts
// routes them to the network, and they are served immutable), and the list
// from the IndexedDB cache.

test('a return visit offline opens the chat from the caches', async ({ browser, request }) => {
  const { alice, chatId } = await pairWithChat(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, alice);
  await expect(page.getByTestId(`conversation-${chatId}`)).toBeVisible();
  // What a return visit needs: the worker in control and the list in IndexedDB.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 20_000,
    })
    .toBe(true);
  await expect.poll(() => readCacheRow(page, 'conversations', chatId)).not.toBeNull();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId(`conversation-${chatId}`)).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await saveScreenshot(page, 'offline-start');
  await context.close();
});
