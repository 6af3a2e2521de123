import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { gradientPng } from '../support/png';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import type { Account } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Alice sends a link; Bob sees its preview card. The "web site" is a page
// this spec serves on 127.0.0.1:E2E_PREVIEW_PORT, the one origin the e2e
// server may fetch previews from (playwright.config.ts sets
// LINK_PREVIEW_TEST_ORIGIN); every other address is refused before DNS.

const previewPort = Number(process.env.E2E_PREVIEW_PORT);
const pageUrl = `http://127.0.0.1:${previewPort}/notes/offline-first`;

const PAGE = `<!doctype html><html><head><meta charset="utf-8">
<title>ignored when og:title is there</title>
<meta property="og:site_name" content="Field Notes">
<meta property="og:title" content="Offline first: what we learned shipping a messenger">
<meta property="og:description" content="Queues, retries and idempotent sends — why a message typed in a tunnel must arrive exactly once, and how we test it.">
<meta property="og:image" content="/cover.png">
</head><body>The article.</body></html>`;

let site: Server;
const hits = new Map<string, number>();

test.beforeAll(async () => {
  const cover = gradientPng(1200, 630);
  site = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/notes/offline-first') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (path === '/cover.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(previewPort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

async function signedIn(browser: Browser, account: Account, width = 1280, height = 800) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: 'light' });
  const page = await context.newPage();
  await signInByUi(page, account);
  return page;
}

const card = (page: Page) => page.getByTestId('link-preview');

test('a link in a message shows its preview card to the other user', async ({
  browser,
  request,
}) => {
  const alice = newAccount('alice');
  const bob = { ...newAccount('bob'), name: 'Bob Preview' };
  await registerByApi(request, alice);
  await registerByApi(request, bob);

  const a = await signedIn(browser, alice);
  await a.goto(`/to/${bob.username}`);
  await expect(a).toHaveURL(/\/chat\/\d+$/);
  const input = a.getByTestId('composer-input');
  await input.fill(`Worth reading before Friday: ${pageUrl}`);
  await input.press('Enter');
  await expect(card(a)).toBeVisible();

  for (const [device, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const b = await signedIn(browser, bob, size.width, size.height);
    await b.locator('.conv-row', { hasText: alice.name }).click();
    const shown = card(b);
    await expect(shown.getByTestId('link-preview-title')).toHaveText(
      'Offline first: what we learned shipping a messenger',
    );
    await expect(shown).toContainText('Field Notes');
    await expect(shown).toHaveAttribute('href', pageUrl);
    await expect(shown).toHaveAttribute('rel', 'noopener noreferrer');
    // The thumbnail comes from Parley, not from the page's host, and has loaded.
    const image = shown.locator('img');
    await expect(image).toHaveAttribute('src', /^\/api\/v1\/link-previews\/images\/[\w-]{22}$/);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(400);
    await saveScreenshot(b, `link-preview-${device}`, { animations: 'disabled' });
    await b.context().close();
  }

  // Three readers' views (Alice once, Bob twice), one fetch of the page and its image.
  expect(hits.get('/notes/offline-first')).toBe(1);
  expect(hits.get('/cover.png')).toBe(1);
});
