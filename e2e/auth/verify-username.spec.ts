import { expect, test } from '@playwright/test';
import { newAccount, registerByApi } from '../support/users';

test('after failed attempts the correct password asks for the username, given with a leading @', async ({
  page,
  request,
}) => {
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

  const prompt = page.locator('input[name="verify_username"]');
  await expect(prompt).toBeVisible();
  await prompt.fill(`@${account.username}`);
  await page.getByTestId('submit-verify-username').click();
  await expect(page).toHaveURL(/\/chat\/?$/);
  await expect(page.getByTestId('chat-shell')).toBeVisible();
});
