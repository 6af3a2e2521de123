import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { tokenFor } from '../support/api';
import { groupByApi } from '../support/chats';
import { saveScreenshot } from '../support/screenshots';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import type { Account } from '../support/users';

// The composer's "@" list in a group of three: typing "@" and part of a
// name offers the members (not yourself), the keyboard or a touch picks
// one, and the message sent names them: they see the mention highlighted
// and the "@" badge on the chat row.

const LIVE = { timeout: 5_000 };
const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

type Group = { id: number; alice: Account; elodie: Account; marta: Account };

async function groupOfThree(request: Parameters<typeof registerByApi>[0]): Promise<Group> {
  const alice = { ...newAccount('alice'), name: 'Alice Moreau' };
  // "mar" matches a word of both names, and neither username.
  const elodie = { ...newAccount('el'), name: 'Élodie Martin' };
  const marta = { ...newAccount('mk'), name: 'Marta Kowalski' };
  for (const account of [alice, elodie, marta]) await registerByApi(request, account);
  const token = await tokenFor(request, alice);
  const id = await groupByApi(request, alice, token, 'Trail crew', [elodie, marta]);
  return { id, alice, elodie, marta };
}

async function openChat(browser: Browser, account: Account, id: number, options = desktop) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signInByUi(page, account);
  await page.goto(`/chat/${id}`);
  await expect(page.getByTestId('composer-input')).toBeVisible();
  return { context, page };
}

const list = (page: Page) => page.getByRole('listbox');
const options = (page: Page) => page.getByTestId('mention-menu-item');

test('pick a member by keyboard; they see the mention and the badge', async ({
  browser,
  request,
}) => {
  const { id, alice, elodie, marta } = await groupOfThree(request);
  const reader = await browser.newContext(desktop);
  const elodiePage = await reader.newPage();
  await signInByUi(elodiePage, elodie);
  const row = elodiePage.getByTestId(`conversation-${id}`);
  await expect(row).toBeVisible();

  const { context, page } = await openChat(browser, alice, id);
  const input = page.getByTestId('composer-input');
  await input.pressSequentially('see you @MAR');
  await expect(page.getByRole('listbox', { name: 'Members to mention' })).toBeVisible();
  await expect(options(page)).toHaveText([/Élodie Martin\s*@el/, /Marta Kowalski\s*@mk/]);
  await page.keyboard.press('ArrowDown');
  await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  const listId = await list(page).getAttribute('id');
  await expect(input).toHaveAttribute('aria-activedescendant', `${listId}-1`);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(list(page)).toHaveCount(0);
  await expect(input).toHaveValue(`see you @${elodie.username} `);
  await input.pressSequentially('at the bridge');
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue('');

  // Élodie: the badge on the row, live, then the mention highlighted in the chat.
  await expect(row.getByLabel('You were mentioned')).toBeVisible(LIVE);
  await row.click();
  const message = elodiePage.getByTestId('message-text').filter({ hasText: 'at the bridge' });
  await expect(message.getByTestId('mention')).toHaveText(`@${elodie.username}`);
  await expect(message.getByTestId('mention')).toHaveClass(/is-me/);
  await saveScreenshot(elodiePage, 'mention-autocomplete-received-desktop-en');
  expect(marta.username).not.toBe(elodie.username);
  await context.close();
  await reader.close();
});

test('phone width: the list above the composer, a touch picks', async ({ browser, request }) => {
  const { id, alice, marta } = await groupOfThree(request);
  const { context, page } = await openChat(browser, alice, id, phone);
  const input = page.getByTestId('composer-input');
  await input.tap();
  await input.pressSequentially('@kow');
  await expect(options(page)).toHaveCount(1);
  // Above the composer's row, inside the screen.
  const listBox = await list(page).boundingBox();
  const inputBox = await input.boundingBox();
  expect(listBox && inputBox && listBox.y + listBox.height <= inputBox.y).toBe(true);
  expect(listBox && listBox.x >= 0 && listBox.x + listBox.width <= 390).toBe(true);
  await options(page).first().tap();
  await expect(input).toHaveValue(`@${marta.username} `);
  await expect(input).toBeFocused();
  await page.getByTestId('composer-send').tap();
  await expect(
    page
      .getByTestId('message-text')
      .filter({ hasText: `@${marta.username}` })
      .getByTestId('mention'),
  ).toBeVisible();
  await context.close();
});

test('screens of the open list: desktop and phone, four languages', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { id, alice } = await groupOfThree(request);
  for (const [width, options] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    const { context, page } = await openChat(browser, alice, id, options);
    for (const [locale, lang] of [
      ['en', 'en'],
      ['ru', 'ru'],
      ['fr', 'fr'],
      ['am', 'hy'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('locale', value), locale);
      await page.goto(`/chat/${id}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const input = page.getByTestId('composer-input');
      // The draft kept from the last language: typed again, not restored.
      await input.fill('');
      await input.pressSequentially('@');
      await expect(list(page)).toBeVisible();
      await saveScreenshot(page, `mention-autocomplete-${width}-${locale}`);
    }
    await context.close();
  }
});
