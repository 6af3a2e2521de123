import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Screens a person looks at after every change: landing, sign-in,
// registration and chat, at desktop and phone width, in English and Russian.
// Saved under e2e/screenshots/ (ignored by git).

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

for (const locale of ['en', 'ru'] as const) {
  for (const [device, viewport] of Object.entries(viewports)) {
    test(`screens in ${locale} at ${device} width`, async ({ browser, request }) => {
      const context = await browser.newContext({ viewport, colorScheme: 'light' });
      const page = await context.newPage();
      await page.goto('/main');
      await page.evaluate((code) => localStorage.setItem('locale', code), locale);

      await page.goto('/main');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await saveScreenshot(page, `landing-${device}-${locale}`, { fullPage: true });

      await page.goto('/');
      await page.getByTestId('tab-login').click();
      await saveScreenshot(page, `login-${device}-${locale}`);

      await page.getByTestId('tab-register').click();
      await page.getByTestId('submit-register').click();
      await expect(page.getByTestId('error-name')).toBeVisible();
      await saveScreenshot(page, `register-${device}-${locale}`);

      const account = newAccount('shot');
      await registerByApi(request, account);
      await signInByUi(page, account);
      await saveScreenshot(page, `chat-${device}-${locale}`);

      await page.emulateMedia({ colorScheme: 'dark' });
      await saveScreenshot(page, `chat-${device}-${locale}-dark`);
      await context.close();
    });
  }
}
