import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Alice sends a formatted message to Bob; Bob sees it rendered (the parser
// arrives as its own chunk after the first paint). The links' hosts are
// never fetched: the e2e server's link-preview guard admits only
// LINK_PREVIEW_TEST_ORIGIN on 127.0.0.1 and refuses other addresses before
// DNS (playwright.config.ts), and Chromium runs without outside network.

const WIKI = 'https://en.wikipedia.org/wiki/Foo_(bar)';

test('bold, a spoiler revealed by a click, and links found as typed', async ({
  browser,
  request,
}) => {
  const alice = newAccount('alice');
  const bob = { ...newAccount('bob'), name: 'Bob Format' };
  await registerByApi(request, alice);
  await registerByApi(request, bob);

  const aliceContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const a = await aliceContext.newPage();
  await signInByUi(a, alice);
  await a.goto(`/to/${bob.username}`);
  await expect(a).toHaveURL(/\/chat\/\d+$/);
  const input = a.getByTestId('composer-input');
  await input.fill(`**Meeting moved** — the answer is ||forty two||, see ${WIKI} or example.com`);
  await input.press('Enter');
  await expect(a.getByTestId('message-text').locator('strong')).toHaveText('Meeting moved');

  const bobContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
  });
  const b = await bobContext.newPage();
  await signInByUi(b, bob);
  // The list preview shows the words without the markers, the spoiler masked.
  const row = b.locator('.conv-row', { hasText: alice.name });
  await expect(row).toContainText('Meeting moved — the answer is ▒▒▒');
  await expect(row).not.toContainText('forty two');
  await row.click();

  const text = b.getByTestId('message-text');
  await expect(text.locator('strong')).toHaveText('Meeting moved');
  const spoiler = text.getByTestId('spoiler');
  await expect(spoiler).toBeVisible();
  await saveScreenshot(b, 'formatting-desktop', { animations: 'disabled' });
  await spoiler.click();
  await expect(text.getByTestId('spoiler')).toHaveCount(0);
  await expect(text.locator('.msg-spoiler.is-shown')).toHaveText('forty two');

  // The parenthesised Wikipedia address is one link with its full href.
  const wiki = text.getByRole('link', { name: WIKI });
  await expect(wiki).toHaveCount(1);
  await expect(wiki).toHaveAttribute('href', WIKI);
  const bare = text.getByRole('link', { name: 'example.com' });
  await expect(bare).toHaveAttribute('href', 'https://example.com');
  await expect(text.getByRole('link')).toHaveCount(2);
  await saveScreenshot(b, 'formatting-revealed-desktop', { animations: 'disabled' });

  await aliceContext.close();
  await bobContext.close();
});
