import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Issue 21, "My bots" in settings: create a bot (its token shown once, with a
// copy that works on this plain-http origin), rename and describe it, issue
// and revoke tokens, open its chat, delete it. Screens in English and French.

async function openMyBots(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-bots').click();
  await expect(page.getByTestId('settings-bots')).toBeVisible();
}

test('My bots: create, token once, rename, revoke, open the chat, delete', async ({
  browser,
  request,
}) => {
  const owner = newAccount('owner');
  await registerByApi(request, owner);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, owner);
  await openMyBots(page);
  const section = page.getByTestId('settings-bots');

  // The username rule is checked before sending.
  const form = page.getByTestId('bot-create');
  await form.locator('input[name="name"]').fill('Weather');
  await form.locator('input[name="username"]').fill('weather');
  await page.getByTestId('bot-create-submit').click();
  await expect(form.getByTestId('error-username')).toContainText("must end in 'bot'");

  const username = `weather${Date.now().toString(36)}_bot`;
  await form.locator('input[name="username"]').fill(username);
  await page.getByTestId('bot-create-submit').click();
  const token = page.getByTestId('bot-token-value');
  await expect(token).toHaveValue(/\S{20,}/);
  // Plain http: no Clipboard API; the copy falls back and says what happened.
  await page.getByTestId('bot-token-copy').click();
  await expect(page.getByTestId('bot-token-copy')).toHaveText(/Copied|Copy/);
  await saveScreenshot(page, 'my-bots-token-desktop');
  await page.getByTestId('bot-token-done').click();
  await expect(token).toHaveCount(0);

  const card = section.getByTestId(`bot-${username}`);
  await expect(card.getByTestId('badge-bot')).toBeVisible();
  await card.getByTestId('bot-edit').click();
  await card.locator('input[name="name"]').fill('Weather Now');
  await card.locator('input[name="description"]').fill('Forecasts on demand');
  await card.getByTestId('bot-save').click();
  await expect(card.getByText('Forecasts on demand')).toBeVisible();
  await saveScreenshot(page, 'my-bots-desktop');

  await card.getByTestId('bot-revoke').click();
  await page.getByTestId('confirm-ok').click();
  await expect(card.getByText('No token: the bot cannot connect')).toBeVisible();
  await card.getByTestId('bot-new-token').click();
  await expect(page.getByTestId('bot-token-value')).toHaveValue(/\S{20,}/);
  await page.getByTestId('bot-token-done').click();

  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'my-bots-phone');

  // French, both widths.
  await page.evaluate(() => localStorage.setItem('locale', 'fr'));
  await page.reload();
  await openMyBots(page);
  await expect(page.getByRole('heading', { name: 'Mes bots' })).toBeVisible();
  await saveScreenshot(page, 'my-bots-phone-fr');
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreenshot(page, 'my-bots-desktop-fr');
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await openMyBots(page);

  // Its chat opens from here; then it goes.
  await section.getByTestId(`bot-${username}`).getByRole('button', { name: 'Open chat' }).click();
  await expect(page.getByTestId('chat-title')).toHaveText('Weather Now');
  await expect(page.getByTestId('bot-start')).toBeVisible();
  await openMyBots(page);
  await section.getByTestId(`bot-${username}`).getByTestId('bot-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(section.getByTestId(`bot-${username}`)).toHaveCount(0);
  await context.close();
});
