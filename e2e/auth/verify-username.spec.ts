import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { newAccount, registerByApi } from '../support/users';

/** A new account, three wrong passwords, then the right one: the username prompt. */
async function toUsernamePrompt(page: Page, request: APIRequestContext) {
  const account = newAccount('verify');
  await registerByApi(request, account);
  await page.goto('/');
  await page.getByTestId('tab-login').click();
  await page.locator('input[name="login"]').fill(account.login);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.locator('input[name="password"]').fill(`wrong-${attempt}`);
    await page.getByTestId('submit-login').click();
    await expect(page.getByTestId('error-login')).toHaveText('Wrong login or password');
  }
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByTestId('submit-login').click();
  return account;
}

test('after failed attempts the correct password asks for the username, given with a leading @', async ({
  page,
  request,
}) => {
  const account = await toUsernamePrompt(page, request);

  const prompt = page.locator('input[name="verify_username"]');
  await expect(prompt).toBeVisible();
  await prompt.fill(`@${account.username}`);
  await page.getByTestId('submit-verify-username').click();
  await expect(page).toHaveURL(/\/chat\/?$/);
  await expect(page.getByTestId('chat-shell')).toBeVisible();
});

test('past the "Confirm your username" budget the screen says how long to wait', async ({
  page,
  request,
}) => {
  // The sign-in budget is opened wide for the journeys; this one is not
  // (RATE_LIMIT_VERIFY_ACCOUNT_*: 5 tries per 5 minutes per login). That it
  // is apart from the wrong passwords' budget is test/rate-limit.test.ts's.
  const account = await toUsernamePrompt(page, request);

  const prompt = page.locator('input[name="verify_username"]');
  const form = page.locator('form', { has: prompt });
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await prompt.fill(`nobody${attempt}`);
    await page.getByTestId('submit-verify-username').click();
    await expect(form).not.toContainText('Too many requests');
    await expect(page.getByTestId('submit-verify-username')).toBeEnabled();
  }
  await prompt.fill(account.username);
  await page.getByTestId('submit-verify-username').click();
  await expect(form).toContainText(/Too many requests\. Try again in [1-5] min\./);
  await expect(page).not.toHaveURL(/\/chat/);
});
