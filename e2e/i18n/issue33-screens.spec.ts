import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { tokenFor } from '../support/api';
import { directChat, groupByApi } from '../support/chats';
import { sendFile, sendText } from '../support/messages';
import { gradientPng } from '../support/png';
import { saveScreenshot } from '../support/screenshots';
import { expectTranslatedAndFitting } from '../support/untranslated';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { DESKTOP, PHONE } from '../groups/support';

// The screens issue 33 changed, in French and Armenian (their feature
// journeys use English and Russian), at phone and desktop width: no catalogue
// key on screen, nothing wider than the screen, and a screenshot of each to
// look at. The chat with pictures ends above the composer, search hides
// spoilers, a delete for everyone asks first, the Forward picker badges bots, a bot's header says "bot", and
// the sessions screen reads in the locale.

async function check(page: Page, locale: string, name: string): Promise<void> {
  await expectTranslatedAndFitting(page, `${locale} ${name}`);
  const width = page.viewportSize()?.width === PHONE.width ? 'phone' : 'desktop';
  await saveScreenshot(page, `issue33-${locale}-${name}-${width}`);
}

const BOT_WORD = { fr: 'bot', am: 'բոտ' } as const;
/** "active now" on the sessions screen: the catalogue's, not the browser's Intl. */
const NOW_WORD = { fr: 'maintenant', am: 'հիմա' } as const;

for (const locale of ['fr', 'am'] as const) {
  test(`issue 33 screens in ${locale}: translated and fitting at both widths`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const owner = newAccount('owner');
    const friend = newAccount('friend');
    await registerByApi(request, owner);
    await registerByApi(request, friend);
    const ownerToken = await tokenFor(request, owner);
    const friendToken = await tokenFor(request, friend);
    const chatId = await groupByApi(request, owner, ownerToken, 'Harbour', [friend]);
    await sendText(request, friendToken, chatId, 'The **quay** opens, ||secret tide||');
    await sendFile(request, friendToken, chatId, {
      name: 'quay.png',
      mimeType: 'image/png',
      buffer: gradientPng(900, 1200),
    });
    await sendText(request, ownerToken, chatId, 'take it back');
    const botChat = await directChat(
      request,
      owner,
      { ...owner, username: 'ParleyBot' },
      ownerToken,
    );

    const context = await browser.newContext({ viewport: PHONE });
    await context.addInitScript((code) => localStorage.setItem('locale', code), locale);
    const page = await context.newPage();
    await signInByUi(page, owner);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);

      // The chat ends with its last item above the composer.
      await page.goto(`/chat/${chatId}`);
      const last = page.getByTestId('message').filter({ hasText: 'take it back' });
      await expect(last).toBeInViewport({ ratio: 1 });
      await check(page, locale, 'chat');

      // Delete for everyone asks first.
      await last.click({ button: 'right' });
      await page.getByTestId('action-delete-everyone').click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await check(page, locale, 'confirm-delete');
      await page.getByTestId('confirm-cancel').click();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      // The Forward dialog: its picker marks the official bot.
      await last.click({ button: 'right' });
      await page.getByTestId('action-forward').click();
      const forward = page.getByTestId('forward-dialog');
      await expect(forward.getByTestId('badge-official').first()).toBeVisible();
      await check(page, locale, 'forward');
      await page.keyboard.press('Escape');
      await expect(forward).toHaveCount(0);

      // Search shows the line as the list does: no markers, the spoiler hidden.
      await page.goto('/chat');
      await page.locator('input[name="search"]').fill('quay');
      const snippets = page.getByTestId('search-snippet');
      await expect(snippets.first()).toBeVisible();
      await expect(page.getByText('secret tide')).toHaveCount(0);
      await expect(page.getByText('**quay**')).toHaveCount(0);
      await check(page, locale, 'search');
      await page.locator('input[name="search"]').fill('');

      // The official bot's chat: "bot" where a last seen would be.
      await page.goto(`/chat/${botChat}`);
      await expect(page.getByTestId('chat-subtitle')).toHaveText(BOT_WORD[locale]);
      await check(page, locale, 'bot-chat');

      // Settings → Active sessions.
      await page.goto('/chat');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('open-settings').click();
      await page.getByTestId('settings-tab-sessions').click();
      await expect(page.getByTestId('settings-sessions')).toContainText(NOW_WORD[locale]);
      await check(page, locale, 'sessions');
      await page.keyboard.press('Escape');
    }
  });
}
