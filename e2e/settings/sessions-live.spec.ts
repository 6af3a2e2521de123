import { expect, test } from '@playwright/test';
import { saveScreenshot } from '../support/screenshots';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// Issue 33, screen 14: active sessions name browser and system (headless
// Chromium was only "Linux"), in the reader's language, with a "last active"
// that moves on; the System chat's sign-in notice names the device in the
// reader's language too ("Новый вход: Chrome на Android", not "on").

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

const WORDS = {
  en: {
    phone: 'Chrome on Android',
    here: 'Chrome on Linux',
    now: 'active now',
    later: 'active 3 minutes ago',
  },
  fr: {
    phone: 'Chrome sur Android',
    here: 'Chrome sur Linux',
    now: 'activité\u00a0: maintenant',
    later: 'activité\u00a0: il y a 3 minutes',
  },
  ru: {
    phone: 'Chrome на Android',
    here: 'Chrome на Linux',
    now: 'активность: сейчас',
    later: 'активность: 3 минуты назад',
  },
} as const;

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const locale of ['en', 'fr', 'ru'] as const) {
  test(`sessions name the device and keep "last active" live (${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const account = newAccount('sessions');
    await registerByApi(request, account);
    // A sign-in from a phone: its own session, and a notice in the System chat.
    await request.get('/api/v1/health');
    const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
    const phone = await request.post('/api/v1/login', {
      data: { login: account.login, password: account.password },
      headers: { 'user-agent': ANDROID, ...(cookie ? { 'X-CSRF-TOKEN': cookie.value } : {}) },
    });
    expect(phone.status()).toBe(200);

    const words = WORDS[locale];
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size });
      await context.addInitScript((code) => localStorage.setItem('locale', code), locale);
      const page = await context.newPage();
      await page.clock.install();
      await signInByUi(page, account);
      // The System chat's line is this sign-in's notice: the device in this language.
      const shell = page.getByTestId('chat-shell');
      await expect(shell).toContainText(words.here);
      if (locale !== 'en') await expect(shell).not.toContainText(' on Linux');

      await page.getByTestId('user-menu').click();
      await page.getByTestId('open-settings').click();
      await page.getByTestId('settings-tab-sessions').click();
      const list = page.getByTestId('settings-sessions');
      const other = list.locator('[data-testid^="session-"]').filter({ hasText: words.phone });
      // This device is listed first (earlier widths' sessions are further down).
      const here = list.locator('[data-testid^="session-"]').first();
      await expect(here).toContainText(words.here);
      await expect(other).toContainText(words.now);
      await expect(here).toContainText(words.now);
      // Three minutes on, with the screen open: the phone's line moves, this device stays "now".
      await page.clock.fastForward('03:05');
      await expect(other).toContainText(words.later);
      await expect(here).toContainText(words.now);
      await saveScreenshot(page, `sessions-live-${locale}-${size.name}`);
      await context.close();
    }
  });
}
