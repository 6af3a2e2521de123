import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { callApi } from '../support/api';
import { directChat, pairWithChat } from '../support/chats';
import { sendText } from '../support/messages';
import { saveScreenshot } from '../support/screenshots';
import { signInByUi } from '../support/users';

// Issue 33, screens 6 and 12: a bot's chat header and profile say "bot"
// (never "last seen a long time ago"), and every person picker marks bots
// and official accounts: New message, Forward. In English and Russian, at
// desktop and phone width.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const WORDS = {
  en: { bot: 'bot' },
  ru: { bot: 'бот' },
} as const;

async function both(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await saveScreenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

for (const locale of ['en', 'ru'] as const) {
  test(`bots are marked in pickers, and a bot's header says "bot" (${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const { alice, bob, chatId, aliceToken } = await pairWithChat(request);
    await sendText(request, aliceToken, chatId, 'forward me');
    // One bot of her own (a bot badge) and the official one (bot and official).
    const username = `helper${Date.now().toString(36)}_bot`;
    await callApi(request, aliceToken, '/user/bots', { name: 'Helper Bot', username });
    const helperChat = await directChat(request, alice, { ...alice, username }, aliceToken);
    const officialChat = await directChat(
      request,
      alice,
      { ...alice, username: 'ParleyBot' },
      aliceToken,
    );

    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript((code) => localStorage.setItem('locale', code), locale);
    const page = await context.newPage();
    await signInByUi(page, alice);

    // New message: the two bots carry their badges, the person none.
    await page.getByTestId('new-chat-button').click();
    await page.getByTestId('new-chat-message').click();
    const picker = page.getByTestId('new-chat-picker');
    const row = (name: string) => picker.getByRole('option').filter({ hasText: name });
    await expect(row('Helper Bot').getByTestId('badge-bot')).toHaveText(WORDS[locale].bot);
    await expect(row('Helper Bot').getByTestId('badge-official')).toHaveCount(0);
    await expect(row('Parley Bots').getByTestId('badge-bot')).toBeVisible();
    await expect(row('Parley Bots').getByTestId('badge-official')).toBeVisible();
    await expect(row(bob.name).getByTestId('badge-bot')).toHaveCount(0);
    await both(page, `bot-badges-new-message-${locale}`);
    await page.keyboard.press('Escape');

    // The bot's chat: "bot" where a person's last seen would be; the profile too.
    await page.goto(`/chat/${officialChat}`);
    await expect(page.getByTestId('chat-title')).toHaveText('Parley Bots');
    await expect(page.getByTestId('chat-subtitle')).toHaveText(WORDS[locale].bot);
    await both(page, `bot-header-${locale}`);
    await page.getByTestId('chat-info-open').click();
    await expect(page.getByTestId('profile-last-seen')).toHaveText(WORDS[locale].bot);
    await saveScreenshot(page, `bot-profile-${locale}-desktop`);
    await page.getByTestId('profile-close').click();
    // A person's header still says their last seen.
    await page.goto(`/chat/${chatId}`);
    await expect(page.getByTestId('chat-subtitle')).not.toHaveText(WORDS[locale].bot);

    // Forward: the targets carry the same badges.
    await page.getByTestId('message').filter({ hasText: 'forward me' }).click({ button: 'right' });
    await page.getByTestId('action-forward').click();
    const dialog = page.getByTestId('forward-dialog');
    await expect(
      dialog.getByTestId(`forward-to-${helperChat}`).getByTestId('badge-bot'),
    ).toBeVisible();
    await expect(
      dialog.getByTestId(`forward-to-${officialChat}`).getByTestId('badge-official'),
    ).toBeVisible();
    await expect(dialog.getByTestId(`forward-to-${chatId}`).getByTestId('badge-bot')).toHaveCount(
      0,
    );
    await both(page, `bot-badges-forward-${locale}`);
    await context.close();
  });
}
