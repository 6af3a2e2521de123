import { expect, test } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { tokenFor } from '../support/api';
import { pairWithChat } from '../support/chats';
import { sendText } from '../support/messages';
import { saveScreenshot } from '../support/screenshots';
import { signInByUi } from '../support/users';
import type { Account } from '../support/users';

// Issue 33, screens 4 and 13: every dialog is one modal (ui/Dialog.tsx) —
// focus moves in, Tab stays inside, Escape closes it and focus goes back to
// what opened it (the Forward dialog in full; the folder editor, the new
// message picker and settings the same way); Block and Delete for everyone
// ask first, and Cancel (or Escape) leaves everything as it was. Screens of
// both confirmations at desktop and phone width, in English and Russian.

const LIVE = { timeout: 5_000 };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function signedIn(
  browser: Browser,
  account: Account,
  viewport = DESKTOP,
  locale = 'en',
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
  const page = await context.newPage();
  await signInByUi(page, account);
  return page;
}

const bubble = (page: Page, text: string) =>
  page
    .getByTestId('message')
    .filter({ has: page.getByTestId('message-text').filter({ hasText: new RegExp(`^${text}$`) }) });

/** True while the focused element is `dialog` or inside it. */
const holdsFocus = (dialog: Locator) =>
  dialog.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

test('the Forward dialog takes the focus, keeps Tab inside, closes on Escape and gives focus back', async ({
  browser,
  request,
}) => {
  const { alice, chatId, aliceToken } = await pairWithChat(request);
  await sendText(request, aliceToken, chatId, 'pass it on');
  const a = await signedIn(browser, alice);
  await a.goto(`/chat/${chatId}`);
  await expect(bubble(a, 'pass it on')).toBeVisible();

  // From the selection bar: its Forward button stays, and gets the focus back.
  await bubble(a, 'pass it on').click({ button: 'right' });
  await a.getByTestId('action-select').click();
  const opener = a.getByTestId('selection-forward');
  await opener.focus();
  await opener.press('Enter');
  const dialog = a.getByRole('dialog', { name: 'Forward to…' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog).toHaveAttribute('data-testid', 'forward-dialog');
  expect(await holdsFocus(dialog)).toBe(true);

  // Round and round: more Tabs than the dialog has stops, both ways, never outside.
  const stops = await dialog.locator('button').count();
  for (let i = 0; i < stops + 2; i += 1) {
    await a.keyboard.press('Tab');
    expect(await holdsFocus(dialog)).toBe(true);
  }
  for (let i = 0; i < stops + 2; i += 1) {
    await a.keyboard.press('Shift+Tab');
    expect(await holdsFocus(dialog)).toBe(true);
  }

  await a.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  // The Escape was the dialog's: the selection is still on.
  await expect(a.getByTestId('selection-forward')).toBeVisible();
  await a.keyboard.press('Escape');
  await expect(a.getByTestId('selection-forward')).toHaveCount(0);

  // From a message's menu: the menu item is gone by then; focus returns to
  // the message list the menu was opened in (the press focused it).
  await bubble(a, 'pass it on').click({ button: 'right' });
  await a.getByTestId('action-forward').click();
  await expect(dialog).toBeVisible();
  expect(await holdsFocus(dialog)).toBe(true);
  await a.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await holdsFocus(a.getByTestId('message-history'))).toBe(true);
});

test('the folder editor, the new message picker and settings: focus in, Tab inside, Escape, focus back', async ({
  browser,
  request,
}) => {
  const { alice } = await pairWithChat(request);
  const a = await signedIn(browser, alice);
  /** Tabs round the dialog both ways, then Escape: it closes and `back` has the focus. */
  const roundTrip = async (dialog: Locator, back: Locator) => {
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(await holdsFocus(dialog)).toBe(true);
    const stops = await dialog.locator('button, input').count();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < stops + 1; i += 1) {
        await a.keyboard.press(key);
        expect(await holdsFocus(dialog)).toBe(true);
      }
    }
    await a.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(back).toBeFocused();
  };

  const folders = a.getByTestId('folder-edit');
  await folders.focus();
  await a.keyboard.press('Enter');
  await roundTrip(a.getByRole('dialog', { name: 'Folders' }), folders);

  // Opened from the new-chat menu, which is gone by then: focus goes back to its button.
  const newChat = a.getByTestId('new-chat-button');
  await newChat.focus();
  await a.keyboard.press('Enter');
  await a.keyboard.press('Enter');
  await roundTrip(a.getByTestId('new-chat-picker'), newChat);

  await a.getByTestId('user-menu').click();
  await a.getByTestId('open-settings').click();
  await roundTrip(a.getByTestId('settings-dialog'), a.getByTestId('user-menu'));
});

for (const { locale, viewport, width } of [
  { locale: 'en', viewport: DESKTOP, width: 'desktop' },
  { locale: 'ru', viewport: PHONE, width: 'phone' },
  { locale: 'en', viewport: PHONE, width: 'phone' },
  { locale: 'ru', viewport: DESKTOP, width: 'desktop' },
]) {
  test(`Block and Delete for everyone ask first; Cancel and Escape change nothing (${locale}, ${width})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const { alice, bob, chatId, aliceToken } = await pairWithChat(request);
    await sendText(request, aliceToken, chatId, 'take it back');
    await sendText(request, await tokenFor(request, bob), chatId, 'seen it');
    const a = await signedIn(browser, alice, viewport, locale);
    const b = await signedIn(browser, bob, DESKTOP, 'en');
    await a.goto(`/chat/${chatId}`);
    await b.goto(`/chat/${chatId}`);
    await expect(bubble(b, 'take it back')).toBeVisible();
    const confirm = a.getByRole('alertdialog');

    // Delete for everyone from the message's menu: asked first.
    await bubble(a, 'take it back').click({ button: 'right' });
    await a.getByTestId('action-delete-everyone').click();
    await expect(confirm).toBeVisible();
    await expect(a.getByTestId('confirm-ok')).toBeFocused();
    await saveScreenshot(a, `confirm-delete-everyone-${width}-${locale}`);
    await a.getByTestId('confirm-cancel').click();
    await expect(confirm).toHaveCount(0);
    await bubble(a, 'take it back').click({ button: 'right' });
    await a.getByTestId('action-delete-everyone').click();
    await a.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(bubble(a, 'take it back')).toBeVisible();
    await expect(bubble(b, 'take it back')).toBeVisible();
    // Confirmed: gone on both sides, live.
    await bubble(a, 'take it back').click({ button: 'right' });
    await a.getByTestId('action-delete-everyone').click();
    await a.getByTestId('confirm-ok').click();
    await expect(bubble(a, 'take it back')).toHaveCount(0);
    await expect(bubble(b, 'take it back')).toHaveCount(0, LIVE);

    // Block from the profile: asked first, over the profile, which stays open.
    await a.getByTestId('chat-info-open').click();
    const block = a.getByTestId('profile-block');
    await expect(block).toBeVisible();
    const blockLabel = await block.textContent();
    await block.click();
    await expect(confirm).toBeVisible();
    await expect(a.getByTestId('confirm-ok')).toBeFocused();
    await saveScreenshot(a, `confirm-block-${width}-${locale}`);
    await a.getByTestId('confirm-cancel').click();
    await expect(confirm).toHaveCount(0);
    await expect(block).toBeFocused();
    await block.click();
    await a.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(a.getByTestId('profile-panel')).toBeVisible();
    await expect(block).toHaveText(blockLabel ?? '');
    await expect(b.getByTestId('blocked-by-bar')).toHaveCount(0);
    // Confirmed: Bob's composer gives way to the "blocked you" bar, live.
    await block.click();
    await a.getByTestId('confirm-ok').click();
    await expect(block).not.toHaveText(blockLabel ?? '', LIVE);
    await expect(b.getByTestId('blocked-by-bar')).toBeVisible(LIVE);
  });
}
