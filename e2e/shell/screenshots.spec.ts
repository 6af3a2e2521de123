import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// Screens a person looks at after every change: landing, sign-in,
// registration and chat, at desktop and phone width, in English and Russian.
// Saved under e2e/screenshots/ (ignored by git).

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
const dir = join(import.meta.dirname, '..', 'screenshots');

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
      await page.screenshot({ path: join(dir, `landing-${device}-${locale}.png`), fullPage: true });

      await page.goto('/');
      await page.getByTestId('tab-login').click();
      await page.screenshot({ path: join(dir, `login-${device}-${locale}.png`) });

      await page.getByTestId('tab-register').click();
      await page.getByTestId('submit-register').click();
      await expect(page.getByTestId('error-name')).toBeVisible();
      await page.screenshot({ path: join(dir, `register-${device}-${locale}.png`) });

      const account = newAccount('shot');
      await registerByApi(request, account);
      await signInByUi(page, account);
      await page.screenshot({ path: join(dir, `chat-${device}-${locale}.png`) });

      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: join(dir, `chat-${device}-${locale}-dark.png`) });
      await context.close();
    });
  }
}
