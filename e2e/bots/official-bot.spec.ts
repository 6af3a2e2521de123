import { expect, test } from '@playwright/test';
import { tokenFor } from '../support/api';
import { directChat } from '../support/chats';
import { saveScreenshot } from '../support/screenshots';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// Issue 33, screen 11: @ParleyBot answers in the language the app shows, a
// sentence is never broken across lines, and the /commands in its messages
// are tappable: a tap sends the command.

const WORDS = {
  ru: {
    intro: /^Я помогу создать ботов Parley и управлять ими\. .* которы[йм] я выдам\.$/,
    noBots: 'У вас пока нет ботов. Создайте первого командой /newbot.',
  },
  fr: {
    intro: /^Je peux vous aider à créer et à gérer des bots Parley\. .* que je vous donne\.$/,
    noBots: 'Vous n’avez pas encore de bot. Utilisez /newbot pour en créer un.',
  },
} as const;

for (const locale of ['ru', 'fr'] as const) {
  test(`@ParleyBot answers in ${locale} and its commands are tappable`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const alice = newAccount('alice');
    await registerByApi(request, alice);
    const token = await tokenFor(request, alice);
    const chatId = await directChat(request, alice, { ...alice, username: 'ParleyBot' }, token);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((code) => localStorage.setItem('locale', code), locale);
    const page = await context.newPage();
    await signInByUi(page, alice);
    // Opening the chat tells the server the app's language.
    const told = page.waitForResponse((r) => r.url().endsWith('/user/bots/language'));
    await page.goto(`/chat/${chatId}`);
    expect((await told).status()).toBe(200);

    await page.getByTestId('bot-start').click();
    const history = page.locator('.msg-history');
    const help = history.getByTestId('message-text').filter({ hasText: '/mybots' });
    await expect(help).toBeVisible();
    // The introduction is one line: no break inside its sentences.
    const firstLine = (await help.innerText()).split('\n')[0] ?? '';
    expect(firstLine).toMatch(WORDS[locale].intro);

    // A tap on /mybots in the bot's message sends it; the answer is in the same language.
    await help
      .getByTestId('bot-command')
      .filter({ hasText: /^\/mybots$/ })
      .click();
    // The person's own message: the command as text.
    await expect(
      history.getByTestId('message-text').filter({ hasText: /^\/mybots$/ }),
    ).toBeVisible();
    await expect(history.getByText(WORDS[locale].noBots)).toBeVisible();
    await saveScreenshot(page, `official-bot-${locale}-desktop`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(history.getByText(WORDS[locale].noBots)).toBeVisible();
    await saveScreenshot(page, `official-bot-${locale}-phone`);
    await context.close();
  });
}
