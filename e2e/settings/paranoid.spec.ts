import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// Settings → Security: set a passcode with a hint, turn on paranoid mode,
// reload: the lock screen shows the hint and opens only with the passcode.

test('paranoid mode locks the app behind the passcode', async ({ page, request }) => {
  const account = newAccount('para');
  await registerByApi(request, account);
  await signInByUi(page, account);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-security').click();
  await expect(page.getByTestId('switch-paranoid')).toBeDisabled();

  await page.getByLabel('Passcode', { exact: true }).fill('2718');
  await page.getByLabel('Repeat the passcode').fill('2718');
  await page.getByLabel('Hint', { exact: true }).fill('e, four digits');
  await page.getByTestId('passcode-save').click();
  await expect(page.getByTestId('passcode-saved')).toBeVisible();
  await page.getByTestId('switch-paranoid').check();
  await expect(page.getByTestId('switch-paranoid')).toBeChecked();

  await page.reload();
  const lock = page.getByTestId('app-lock');
  await expect(lock).toBeVisible();
  await expect(page.getByTestId('lock-hint')).toHaveText('Hint: e, four digits');
  await page.getByLabel('Passcode').fill('1111');
  await page.getByTestId('unlock').click();
  await expect(page.getByTestId('error-secret')).toHaveText('Wrong passcode');
  await expect(lock).toBeVisible();
  await page.getByLabel('Passcode').fill('2718');
  await page.getByTestId('unlock').click();
  await expect(lock).toHaveCount(0);
  await expect(page.getByTestId('chat-shell')).toBeVisible();
});
