import { expect, test } from '@playwright/test';

test('protected routes send anonymous visitors to /', async ({ page }) => {
  await page.goto('/chat/12');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  // The join route too (spec: to /), carrying where to return once signed in (lib/return-path.ts).
  await page.goto('/conversations/join/abc');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/\?next=%2Fconversations%2Fjoin%2Fabc$/);
});

test('/direct/:username redirects to /to/:username and unknown paths to /main', async ({
  page,
}) => {
  await page.goto('/direct/alice');
  await expect(page).toHaveURL(/\/to\/alice$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/main$/);
});

test('the server answers unknown API paths with JSON 404 and serves the app shell with a CSRF meta', async ({
  request,
}) => {
  const api = await request.get('/api/v1/definitely-not-here');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: 'Not found.' });

  const page = await request.get('/chat/5');
  expect(page.status()).toBe(200);
  expect(page.headers()['cache-control']).toContain('no-cache');
  const html = await page.text();
  expect(html).toMatch(/<meta name="csrf-token" content="[\w-]{20,}"/);
});

test('the service worker registers at /sw.js after load', async ({ page }) => {
  await page.goto('/main');
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
  expect(scope).toMatch(/\/sw\.js$/);
});
