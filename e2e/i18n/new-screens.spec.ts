import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { groupByApi } from '../support/chats';
import { watchCsp } from '../support/csp';
import { sendFile, sendText } from '../support/messages';
import { gradientPng } from '../support/png';
import { saveScreenshot } from '../support/screenshots';
import { expectTranslatedAndFitting } from '../support/untranslated';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { DESKTOP, PHONE } from '../groups/support';

// The screens added for issue 23 in French and Armenian (the two locales the
// feature journeys do not use), at phone and desktop width: no catalogue key
// on screen, nothing wider than the screen, and a screenshot of each to look at.

async function check(page: Page, locale: string, name: string): Promise<void> {
  await expectTranslatedAndFitting(page, `${locale} ${name}`);
  const width = page.viewportSize()?.width === PHONE.width ? 'phone' : 'desktop';
  await saveScreenshot(page, `new-screens-${locale}-${name}-${width}`);
}

for (const locale of ['fr', 'am'] as const) {
  test(`new screens in ${locale}: translated and fitting at both widths`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner = newAccount('owner');
    const friend = newAccount('friend');
    await registerByApi(request, owner);
    await registerByApi(request, friend);
    const ownerToken = await tokenFor(request, owner);
    const chatId = await groupByApi(request, owner, ownerToken, 'Weekend', [friend]);
    const friendToken = await tokenFor(request, friend);
    await sendText(
      request,
      friendToken,
      chatId,
      '**Saturday** at the lake, ||a surprise||, bring `sunscreen`; map: example.com/lake',
    );
    const picture = await sendFile(request, friendToken, chatId, {
      name: 'lake.png',
      mimeType: 'image/png',
      buffer: gradientPng(800, 600),
    });
    await callApi(request, ownerToken, `/user/messages/${picture}/reactions`, { emoji: '🔥' });
    await sendText(request, friendToken, chatId, '👍');

    const context = await browser.newContext({ viewport: PHONE });
    await watchCsp(context);
    await context.addInitScript((code) => localStorage.setItem('locale', code), locale);
    const page = await context.newPage();
    await signInByUi(page, owner);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/chat/${chatId}`);
      await expect(page.getByTestId('reaction-chip')).toBeVisible();
      await expect(page.locator('.msg-spoiler, [data-testid="spoiler"]').first()).toBeVisible();
      await check(page, locale, 'chat');

      // The message menu with its quick reactions.
      await page.getByTestId('message').last().click({ button: 'right' });
      await expect(page.locator('[data-testid="reaction-quick"]').first()).toBeVisible();
      await check(page, locale, 'message-menu');
      await page.keyboard.press('Escape');

      // Files waiting in the preview, with a caption.
      await page.getByTestId('composer-file-input').setInputFiles([
        { name: 'plan.png', mimeType: 'image/png', buffer: gradientPng(640, 480) },
        { name: 'list.txt', mimeType: 'text/plain', buffer: Buffer.from('tent, stove') },
      ]);
      await expect(page.getByTestId('file-preview-item')).toHaveCount(2);
      await check(page, locale, 'file-preview');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('file-preview')).toHaveCount(0);

      // The group's info: inactivity and the shared media.
      await page.getByTestId('chat-info-open').click();
      await expect(page.getByTestId('info-inactivity')).toBeVisible();
      const media = page.getByTestId('shared-media');
      await media.scrollIntoViewIfNeeded();
      await expect(media.getByTestId('shared-media-tile')).toHaveCount(1);
      await check(page, locale, 'group-info');
      await page.getByTestId('info-close').click();

      // Settings → Appearance (the theme), from the chat list (on a phone the open chat covers it).
      await page.goto('/chat');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('open-settings').click();
      await page.getByTestId('settings-tab-appearance').click();
      await expect(page.getByTestId('theme-system')).toBeVisible();
      await check(page, locale, 'appearance');
    }
  });
}
