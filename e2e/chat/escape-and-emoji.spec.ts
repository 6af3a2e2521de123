import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { pairWithChat } from '../support/chats';
import { saveScreenshot } from '../support/screenshots';
import { signInByUi } from '../support/users';

// Two small things seen in a walkthrough: on a phone the composer's emoji
// picker put the focus in its search box, which opened the on-screen
// keyboard over the emoji (a desktop still types into it at once); and
// Escape did not close the archive view opened with the mouse (its way back
// has the focus then, outside the list that listened).

/** The tag of what has the focus inside the emoji picker's shadow root ('' when the focus is not there). */
const focusInPicker = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('em-emoji-picker');
    return host?.shadowRoot?.activeElement?.tagName ?? '';
  });

for (const [device, options] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 390, height: 844 }, hasTouch: true }],
] as const) {
  test(`the composer's emoji picker and the keyboard (${device})`, async ({ browser, request }) => {
    test.setTimeout(60_000);
    const { bob, chatId, aliceToken } = await pairWithChat(request);
    await callApi(request, aliceToken, '/user/messages', {
      conversation_id: chatId,
      uuid: crypto.randomUUID(),
      message: 'hello',
    });
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await signInByUi(page, bob);
    await page.evaluate(() => localStorage.setItem('locale', 'fr'));
    await page.goto(`/chat/${chatId}`);
    const input = page.getByTestId('composer-input');
    await input.fill('Salut ');
    await page.getByTestId('composer-emoji').click();
    const picker = page.getByTestId('emoji-picker');
    await expect(picker.locator('em-emoji-picker')).toBeVisible();
    await expect(picker.getByRole('button', { name: '😀' }).first()).toBeVisible();
    if (device === 'desktop') {
      await expect.poll(() => focusInPicker(page)).toBe('INPUT');
    } else {
      // Give the picker's own autofocus its chance: nothing in it takes the focus,
      // the popover holds it (Escape still closes it), the text box does not.
      await page.waitForTimeout(500);
      expect(await focusInPicker(page)).toBe('');
      await expect(picker).toBeFocused();
    }
    await saveScreenshot(page, `emoji-picker-open-${device}-fr`);
    await picker.getByRole('button', { name: '😀' }).first().click();
    await expect(input).toHaveValue('Salut 😀');
    if (device === 'phone') {
      // The keyboard stays down after a pick; the picker, focused, still hears Escape.
      await expect(input).not.toBeFocused();
      await page.keyboard.press('Escape');
      await expect(picker).toHaveCount(0);
    }
    await context.close();
  });
}

test('Escape closes the archive view opened with the mouse', async ({ browser, request }) => {
  const { bob, chatId } = await pairWithChat(request);
  const bobToken = await tokenFor(request, bob);
  await callApi(request, bobToken, `/user/conversations/${chatId}/hide`, { value: true });
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInByUi(page, bob);
    const archiveRow = page.getByTestId('archive-row');
    const view = page.getByTestId('archive-view');
    await archiveRow.click();
    await expect(view.getByTestId(`conversation-${chatId}`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(view).toHaveCount(0);
    await expect(archiveRow).toBeFocused();

    // From the (empty) search box too; with text in it, Escape clears the text first.
    await archiveRow.click();
    await expect(view).toBeVisible();
    const box = page.locator('input[name="search"]');
    await box.fill('zzz');
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(view).toBeVisible();
    await box.press('Escape');
    await expect(view).toHaveCount(0);
    await context.close();
  }
});
