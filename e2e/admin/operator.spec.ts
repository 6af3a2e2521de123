import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { adminCli } from '../support/admin-cli';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// The operator in control (issue 19): an account made admin from the host,
// registration switched to invite-only in the web console, a code issued, a
// newcomer registering with it in another browser, and the admin disabling
// that newcomer — whose open app is signed out at once; and an invite code's
// use count moving in the open console as someone registers with it. Every
// journey shares one server: registration is opened again whatever happens
// (this file runs alone: playwright.config.ts, SERVER_WIDE).

test.afterEach(() => {
  adminCli('registration', 'open');
});

async function openAdministration(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-admin').click();
  await expect(page.getByTestId('settings-admin')).toBeVisible();
}

test('grant admin on the host → invite-only → code → register with it → disable', async ({
  page,
  browser,
  request,
}) => {
  const operator = newAccount('op');
  await registerByApi(request, operator);
  expect(adminCli('grant', operator.login)).toContain('is now an administrator');

  await signInByUi(page, operator);
  await openAdministration(page);
  await page.getByTestId('admin-registration').selectOption('invite');
  await page.getByTestId('admin-save-server').click();
  await expect(
    page.getByTestId('settings-admin').getByText('Saved', { exact: true }),
  ).toBeVisible();

  await page.getByTestId('admin-create-invite').click();
  const code = (await page.getByTestId('invite-code').first().textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Za-z0-9_-]{12}$/);

  // A newcomer, in a browser of their own.
  const newcomer = newAccount('guest');
  const other = await browser.newContext();
  const guest = await other.newPage();
  await guest.goto('/?tab=register');
  const inviteField = guest.locator('input[name="invite_code"]');
  await expect(inviteField).toBeVisible();
  await guest.locator('input[name="name"]').fill(newcomer.name);
  await guest.locator('input[name="username"]').fill(newcomer.username);
  await guest.locator('input[name="login"]').fill(newcomer.login);
  await guest.locator('input[name="password"]').fill(newcomer.password);
  await guest.getByTestId('submit-register').click();
  await expect(guest.getByTestId('error-invite_code')).toHaveText(
    'An invite code is required to register on this server',
  );
  await inviteField.fill(code);
  await guest.getByTestId('submit-register').click();
  await expect(guest).toHaveURL(/\/chat\/?$/);
  await expect(guest.getByTestId('chat-shell')).toBeVisible();

  // The admin finds them and disables the account.
  await page.getByTestId('admin-user-search').fill(newcomer.username);
  const row = page.getByTestId(`admin-user-${newcomer.username}`);
  await expect(row).toBeVisible();
  await row.getByTestId('admin-toggle-disabled').click();
  await expect(row.getByText('disabled')).toBeVisible();
  await expect(page.getByTestId('admin-audit')).toContainText('Disabled');

  // Their open app is signed out, and signing in again is refused.
  await expect(guest).toHaveURL(/\/$/, { timeout: 15_000 });
  await guest.getByTestId('tab-login').click();
  await guest.locator('input[name="login"]').fill(newcomer.login);
  await guest.locator('input[name="password"]').fill(newcomer.password);
  await guest.getByTestId('submit-login').click();
  await expect(guest.getByTestId('error-login')).toHaveText('This account is disabled');
  await other.close();
});

// Screen 8 (issue 33): the console's invite list is live.
test('an invite code’s use count moves in the open console when someone registers with it', async ({
  page,
  request,
  playwright,
}) => {
  // Sign-in, the console and a poll interval or two: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const account = newAccount('op');
  await registerByApi(request, account);
  expect(adminCli('grant', account.login)).toContain('is now an administrator');
  await signInByUi(page, account);
  await openAdministration(page);
  await page.getByTestId('settings-admin').locator('input[name="max_uses"]').fill('2');
  await page.getByTestId('admin-create-invite').click();
  const row = page.getByTestId('admin-invites').locator('li').first();
  await expect(row).toContainText('used 0 of 2');
  const code = (await row.getByTestId('invite-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Za-z0-9_-]{12}$/);

  // A newcomer registers elsewhere (a client of their own), with the code.
  const elsewhere = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  adminCli('registration', 'invite');
  try {
    await elsewhere.get('/api/v1/health');
    const cookie = (await elsewhere.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
    const res = await elsewhere.post('/api/v1/register', {
      data: { ...newAccount('guest'), invite_code: code },
      headers: cookie ? { 'X-CSRF-TOKEN': cookie.value } : {},
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    adminCli('registration', 'open');
    await elsewhere.dispose();
  }

  // No reload, no click: the console's list catches up by itself.
  await expect(row).toContainText('used 1 of 2', { timeout: 15_000 });
});
