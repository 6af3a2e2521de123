import { expect, test } from '@playwright/test';

test('the login form shows the spec messages for empty fields', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('tab-login').click();
  await page.getByTestId('submit-login').click();
  await expect(page.getByTestId('error-login')).toHaveText('Login is required');
  await expect(page.getByTestId('error-password')).toHaveText('Password is required');
});

test('the registration form shows the spec message for each rule', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('tab-register').click();
  await page.locator('input[name="username"]').fill('bad_name!');
  await page.locator('input[name="password"]').fill('1234');
  await page.getByTestId('submit-register').click();
  await expect(page.getByTestId('error-name')).toHaveText('Name is required');
  await expect(page.getByTestId('error-username')).toHaveText(
    'Incorrect username, use latin letters and numbers',
  );
  await expect(page.getByTestId('error-login')).toHaveText('Login is required');
  await expect(page.getByTestId('error-password')).toHaveText(
    'Incorrect password, use latin letters and numbers, min. 5 characters',
  );
});

test('a wrong password shows the server error under the login field', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('tab-login').click();
  await page.locator('input[name="login"]').fill('nobody-here@example.test');
  await page.locator('input[name="password"]').fill('whatever');
  await page.getByTestId('submit-login').click();
  await expect(page.getByTestId('error-login')).toHaveText('Wrong login or password');
});
