import { expect, test } from '@playwright/test';
import { adminCli } from '../support/admin-cli';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Settings → Administration and the invite-only registration form, in every
// locale at desktop and phone width, saved under e2e/screenshots/ (not
// committed) for a look after changes.

const LOCALES = ['en', 'fr', 'ru', 'am'] as const;
const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.afterEach(() => {
  adminCli('registration', 'open');
});

test('administration screenshots', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const operator = newAccount('boss');
  await registerByApi(request, operator);
  adminCli('grant', operator.login);
  const member = newAccount('member');
  await registerByApi(request, member);
  adminCli('disable', member.login);
  adminCli('invite', '--uses', '5', '--days', '7');
  adminCli('registration', 'invite');

  for (const locale of LOCALES) {
    for (const size of SIZES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: 1,
      });
      await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
      const page = await context.newPage();
      await page.goto('/?tab=register');
      await page.locator('input[name="invite_code"]').scrollIntoViewIfNeeded();
      await expect(page.locator('input[name="invite_code"]')).toBeVisible();
      await saveScreenshot(page, `admin-register-invite-${locale}-${size.name}`);

      await signInByUi(page, operator);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('open-settings').click();
      await page.getByTestId('settings-tab-admin').click();
      await expect(page.getByTestId('settings-admin')).toBeVisible();
      await expect(page.getByTestId('admin-invites')).toBeVisible();
      await saveScreenshot(page, `admin-top-${locale}-${size.name}`);
      await page.getByTestId('admin-user-search').fill(member.username);
      // The search has settled: only the member is listed.
      await expect(page.getByTestId('admin-users').locator('li')).toHaveCount(1);
      await expect(page.getByTestId(`admin-user-${member.username}`)).toBeVisible();
      await expect(page.getByTestId('admin-audit')).toBeVisible();
      await page.getByTestId(`admin-user-${member.username}`).scrollIntoViewIfNeeded();
      await saveScreenshot(page, `admin-users-${locale}-${size.name}`);
      await page.getByTestId('admin-audit').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `admin-audit-${locale}-${size.name}`);
      // The official bot: its badge, and none of the buttons it refuses.
      await page.getByTestId('admin-user-search').fill('ParleyBot');
      await expect(page.getByTestId('admin-users').locator('li')).toHaveCount(1);
      await expect(page.getByTestId('admin-user-ParleyBot')).toBeVisible();
      await page.getByTestId('admin-user-ParleyBot').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `admin-official-bot-${locale}-${size.name}`);
      await context.close();
    }
  }
});
