import { expect, test } from '@playwright/test';

test('switching to Russian persists across a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('tab-login').click();
  await page.getByTestId('locale-select').first().selectOption('ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByTestId('submit-login')).toHaveText('Войти');

  await page.reload();
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByTestId('tab-login').click();
  await expect(page.getByTestId('submit-login')).toHaveText('Войти');

  // Validation messages are translated too.
  await page.getByTestId('submit-login').click();
  await expect(page.getByTestId('error-login')).not.toHaveText('Login is required');
});
