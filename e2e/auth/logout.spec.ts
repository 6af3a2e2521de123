import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, signInByUi } from '../support/users';

test('logout clears the token cookie, storage except locale, caches and IndexedDB', async ({
  page,
  context,
  request,
}) => {
  const account = newAccount('logout');
  await registerByApi(request, account);
  await signInByUi(page, account);

  await page.evaluate(async () => {
    localStorage.setItem('locale', 'fr');
    localStorage.setItem('draft_7', 'unsent words');
    const cache = await caches.open('e2e-probe');
    await cache.put('/e2e-probe', new Response('x'));
  });

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);

  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
  const state = await page.evaluate(async () => ({
    keys: Object.keys(localStorage),
    locale: localStorage.getItem('locale'),
    caches: await caches.keys(),
    databases: (await indexedDB.databases()).map((d) => d.name),
  }));
  expect(state.keys).toEqual(['locale']);
  expect(state.locale).toBe('fr');
  expect(state.caches).toEqual([]);
  expect(state.databases).not.toContain('parley-cache');

  // The protected route now sends the visitor back to the landing page.
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/$/);
});
