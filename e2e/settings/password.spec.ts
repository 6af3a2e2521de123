import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// Settings → Security → password: the other browser context is signed out at once.

test('a password change signs the other context out', async ({ browser, request }) => {
  const account = newAccount('pw');
  await registerByApi(request, account);
  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInByUi(page, account);
    return page;
  };
  const here = await open();
  const there = await open();

  await here.getByTestId('user-menu').click();
  await here.getByTestId('open-settings').click();
  await here.getByTestId('settings-tab-security').click();
  await here.getByLabel('Current password').fill('wrong-password');
  await here.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await here.getByLabel('Repeat the new password').fill('brand-new-pass');
  await here.getByTestId('password-save').click();
  await expect(here.getByTestId('error-old_password')).toHaveText('The current password is wrong');

  await here.getByLabel('Current password').fill(account.password);
  await here.getByTestId('password-save').click();
  await expect(here.getByTestId('password-changed')).toBeVisible();

  // The other context is out: its socket closed and its refresh token was spent.
  await expect(there).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(here.getByTestId('chat-shell')).toBeVisible();
  await here.reload();
  await expect(here.getByTestId('chat-shell')).toBeVisible();
});
