import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { directChat } from '../support/chats';
import { saveScreenshot } from '../support/screenshots';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// Issue 23: the chat list's pencil button. Its menu offers a new message, a
// new group and a new channel; "New message" is a people picker (the people
// one has direct chats with first, then anyone the search finds by name or
// @username) and picking someone opens the chat, creating it when there is
// none. All by keyboard; Escape gives the focus back to the button; on a
// phone the picker fills the screen. Screens of the menu and the picker in
// the four languages at both widths.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function people() {
  const alice = newAccount('alice');
  const carol = newAccount('carol');
  const dave = newAccount('dave');
  const stranger = newAccount('zed');
  return { alice, carol, dave, stranger };
}

test('new message to someone never chatted with, by search, keyboard only', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { alice, carol, dave, stranger } = await people();
  for (const a of [alice, carol, dave, stranger]) await registerByApi(request, a);
  await directChat(request, alice, carol);
  await directChat(request, alice, dave);

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInByUi(page, alice);
  const button = page.getByTestId('new-chat-button');

  // Enter opens the menu with its first item focused; Escape closes it, focus back on the button.
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('new-chat-menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['New message', 'New group', 'New channel']);
  await expect(page.getByTestId('new-chat-message')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('new-chat-group')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();

  // New message: the picker, the field focused, the people with chats listed.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('new-chat-picker');
  const field = picker.getByRole('combobox');
  await expect(field).toBeFocused();
  const rows = picker.getByRole('option');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  // Escape closes the picker too, the focus back on the button.
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(button).toBeFocused();

  // Someone never chatted with, found by @username.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(field).toBeFocused();
  await page.keyboard.type(`@${stranger.username}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(stranger.name);
  await expect(rows.first()).toContainText(`@${stranger.username}`);
  await saveScreenshot(page, 'new-chat-picker-found-desktop-en');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId('chat-title')).toHaveText(stranger.name);
  const chatId = /\/chat\/(\d+)$/.exec(page.url())?.[1];
  await expect(page.getByTestId(`conversation-${chatId}`)).toBeVisible();

  // A second time the same person is among "your chats" and opens the same chat.
  await button.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type(stranger.name.slice(0, 12));
  await expect(rows.first()).toContainText(stranger.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
  await context.close();
});

test('new group and new channel are reachable from the menu', async ({ browser, request }) => {
  const alice = newAccount('alice');
  await registerByApi(request, alice);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInByUi(page, alice);
  for (const [kind, title] of [
    ['group', 'New group'],
    ['channel', 'New channel'],
  ] as const) {
    await page.getByTestId('new-chat-button').click();
    await page.getByTestId(`new-chat-${kind}`).click();
    const dialog = page.getByTestId('create-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText(title);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  await context.close();
});

async function useLocale(page: Page, locale: string) {
  await page.evaluate((code) => localStorage.setItem('locale', code), locale);
  await page.reload();
  await expect(page.getByTestId('chat-shell')).toBeVisible();
}

test('phone: the picker is a full-screen sheet; screens in four languages', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { alice, carol, dave } = await people();
  for (const a of [alice, carol, dave]) await registerByApi(request, a);
  await directChat(request, alice, carol);
  await directChat(request, alice, dave);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInByUi(page, alice);

  for (const locale of ['en', 'ru', 'fr', 'am']) {
    await useLocale(page, locale);
    for (const [width, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await page.getByTestId('new-chat-button').click();
      await expect(page.getByTestId('new-chat-menu')).toBeVisible();
      await saveScreenshot(page, `new-chat-menu-${width}-${locale}`);
      await page.getByTestId('new-chat-message').click();
      const picker = page.getByTestId('new-chat-picker');
      await expect(picker.getByRole('option')).toHaveCount(2);
      if (width === 'phone') {
        const box = await picker.boundingBox();
        expect(box?.width).toBe(PHONE.width);
        expect(box?.height).toBe(PHONE.height);
      }
      await saveScreenshot(page, `new-chat-picker-${width}-${locale}`);
      await page.keyboard.press('Escape');
      await expect(picker).toHaveCount(0);
    }
    await page.setViewportSize(DESKTOP);
  }
  await context.close();
});
