import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminCli } from '../support/admin-cli';
import { callApi, tokenFor } from '../support/api';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import type { Account } from '../support/users';

// The admin console on accounts it must leave alone (issue 33, screen 7): a
// bot offers no Reset password and no Make admin, and the official bot can be
// neither disabled nor deleted. (Screen 8, the live invite count, switches
// registration server-wide: operator.spec.ts, which runs alone.)

async function openAdministration(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-admin').click();
  await expect(page.getByTestId('settings-admin')).toBeVisible();
}

async function operator(page: Page, request: APIRequestContext): Promise<Account> {
  const account = newAccount('op');
  await registerByApi(request, account);
  expect(adminCli('grant', account.login)).toContain('is now an administrator');
  await signInByUi(page, account);
  await openAdministration(page);
  return account;
}

test('a bot offers no password reset or admin role; the official bot no disable or delete', async ({
  page,
  request,
}) => {
  const owner = newAccount('owner');
  await registerByApi(request, owner);
  const botName = `${owner.username.slice(0, 20)}_bot`;
  await callApi(request, await tokenFor(request, owner), '/user/bots', {
    name: 'Helper',
    username: botName,
  });
  await operator(page, request);

  const search = page.getByTestId('admin-user-search');
  await search.fill('ParleyBot');
  const official = page.getByTestId('admin-user-ParleyBot');
  await expect(official).toBeVisible();
  await expect(official.getByTestId('admin-bot-badge')).toHaveText('Official account');
  for (const id of [
    'admin-toggle-disabled',
    'admin-sign-out',
    'admin-reset-password',
    'admin-toggle-role',
  ]) {
    await expect(official.getByTestId(id)).toHaveCount(0);
  }
  await expect(official.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await search.fill(botName);
  const bot = page.getByTestId(`admin-user-${botName}`);
  await expect(bot).toBeVisible();
  await expect(bot.getByTestId('admin-bot-badge')).toHaveText('bot');
  await expect(bot.getByTestId('admin-reset-password')).toHaveCount(0);
  await expect(bot.getByTestId('admin-toggle-role')).toHaveCount(0);
  // An owner's bot may still be disabled, as its owner's account may.
  await expect(bot.getByTestId('admin-toggle-disabled')).toBeVisible();

  await search.fill(owner.username);
  const person = page.getByTestId(`admin-user-${owner.username}`);
  await expect(person.getByTestId('admin-reset-password')).toBeVisible();
  await expect(person.getByTestId('admin-sign-out')).toBeVisible();
  await expect(person.getByTestId('admin-toggle-role')).toBeVisible();
});
