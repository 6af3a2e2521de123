import { expect, test } from '@playwright/test';
import { newAccount } from '../support/users';

test('a new user registers, is signed in at once and lands on /chat', async ({ page, context }) => {
  const account = newAccount('reg');
  await page.goto('/');
  await page.getByTestId('tab-register').click();
  await page.locator('input[name="name"]').fill(account.name);
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="login"]').fill(account.login);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByTestId('submit-register').click();

  await expect(page).toHaveURL(/\/chat\/?$/);
  await expect(page.getByTestId('chat-shell')).toBeVisible();

  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'token')?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const refresh = await page.evaluate(() => localStorage.getItem('refresh_token'));
  expect(refresh).toBeTruthy();

  // The signed-in user is the one who registered.
  await page.getByTestId('user-menu').click();
  await expect(page.getByText(account.name).first()).toBeVisible();
});

test('a second registration with the same login shows the server message under the field', async ({
  page,
  request,
}) => {
  const account = newAccount('dup');
  const csrf = (await (await request.get('/api/v1/health')).headers())['set-cookie'] ?? '';
  const token = /XSRF-TOKEN=([^;]+)/.exec(csrf)?.[1] ?? '';
  const first = await request.post('/api/v1/register', {
    data: account,
    headers: { 'X-CSRF-TOKEN': token },
  });
  expect(first.status()).toBe(200);

  await page.goto('/');
  await page.getByTestId('tab-register').click();
  await page.locator('input[name="name"]').fill('Someone Else');
  await page.locator('input[name="username"]').fill(`${account.username}x`);
  await page.locator('input[name="login"]').fill(account.login.toUpperCase());
  await page.locator('input[name="password"]').fill('secret1');
  await page.getByTestId('submit-register').click();
  await expect(page.getByTestId('error-login')).toHaveText('This login is already taken');
  await expect(page).toHaveURL(/\/$/);
});
