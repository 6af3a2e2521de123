import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoCspViolations, watchCsp } from '../support/csp';
import { saveScreenshot } from '../support/screenshots';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// Settings → Appearance: System, Light or Dark, whatever the system says.
// The choice holds across a reload from the first paint (index.html's inline
// script, allowed by its CSP hash), reaches another open tab at once, and a
// logout returns to the system's theme (the spec clears local storage).

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT_BG = 'rgb(244, 245, 248)';
const DARK_BG = 'rgb(15, 17, 21)';

test('a theme chosen in settings overrides the system, live in other tabs, gone at logout', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000); // two tabs, a reload and a logout
  const account = newAccount('theme');
  await registerByApi(request, account);
  // The system asks for light.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
  });
  await watchCsp(context);
  const page = await context.newPage();
  await signInByUi(page, account);
  expect(await background(page)).toBe(LIGHT_BG);
  const other = await context.newPage();
  await other.goto('/chat');
  expect(await background(other)).toBe(LIGHT_BG);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-appearance').click();
  await expect(page.getByTestId('theme-system')).toBeChecked();
  await page.getByTestId('theme-dark').check();
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await saveScreenshot(page, 'settings-theme-dark-desktop');
  // The other tab follows without a reload.
  await expect.poll(() => background(other)).toBe(DARK_BG);

  // Reloaded: dark before the app's code runs (the inline script), no CSP refusal.
  await other.reload({ waitUntil: 'commit' });
  await other.waitForFunction(() => document.body !== null);
  expect(await other.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expect(other.getByTestId('user-menu')).toBeVisible();
  expect(await background(other)).toBe(DARK_BG);
  await expectNoCspViolations(other);

  // Light wins over a dark system too.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByTestId('theme-light').check();
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
  await page.getByTestId('theme-system').check();
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background(page)).toBe(LIGHT_BG);

  // A logout clears the choice (spec 4: local storage goes, the locale stays).
  await page.getByTestId('theme-dark').check();
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await page.keyboard.press('Escape');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
  await expectNoCspViolations(page);
  await context.close();
});

test('the appearance section on a phone, in Russian', async ({ browser, request }) => {
  const account = newAccount('themeru');
  await registerByApi(request, account);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
    locale: 'ru-RU',
  });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'));
  await signInByUi(page, account);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-appearance').click();
  await expect(page.getByText('Как на устройстве', { exact: true })).toBeVisible();
  expect(await background(page)).toBe(DARK_BG);
  await saveScreenshot(page, 'settings-theme-phone-ru');
  await context.close();
});
