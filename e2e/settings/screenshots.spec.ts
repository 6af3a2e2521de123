import { expect, test } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Every settings section and the lock screen at desktop and phone width,
// saved under e2e/screenshots/ (not committed) for a look after changes.

const SECTIONS = ['profile', 'privacy', 'security', 'notifications', 'sessions', 'language'];
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const size of SIZES) {
  test(`settings screenshots (${size.name})`, async ({ browser, request }) => {
    const account = newAccount('shot');
    await registerByApi(request, account);
    const token = await tokenFor(request, account); // a second session for the sessions list
    await callApi(request, token, '/user/settings/edit/profile', {
      status: 'Reading about engines',
      timezone: 'Europe/Paris',
    });
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await signInByUi(page, account);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('open-settings').click();
    const dialog = page.getByTestId('settings-dialog');
    await expect(dialog).toBeVisible();
    if (size.name === 'phone') {
      await saveScreenshot(page, `settings-list-${size.name}`);
    }
    for (const section of SECTIONS) {
      await page.getByTestId(`settings-tab-${section}`).click();
      await expect(page.getByTestId(`settings-${section}`)).toBeVisible();
      await saveScreenshot(page, `settings-${section}-${size.name}`);
      if (size.name === 'phone') await page.getByLabel('Back').click();
    }
    // The lock screen.
    await callApi(request, token, '/user/settings/set-secret', {
      secret: '2718',
      secret_confirmation: '2718',
      secret_hint: 'e, four digits',
    });
    await callApi(request, token, '/user/paranoid', { on: true });
    await page.reload();
    await expect(page.getByTestId('app-lock')).toBeVisible();
    await saveScreenshot(page, `lock-${size.name}`);
    await context.close();
  });
}
