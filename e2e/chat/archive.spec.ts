import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { directChat } from '../support/chats';
import { saveScreenshot } from '../support/screenshots';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import type { Account } from '../support/users';

// Hidden chats are the archive (protocol rules/archive.ts): a "Hidden chats"
// row at the top of the list opens them, search and the forward picker find
// them (marked), they stay out of the tab title's count, and a message from
// the other side brings an unmuted one back to the list — a muted one stays.

async function send(request: APIRequestContext, token: string, chatId: number, text: string) {
  return callApi<{ id: number }>(request, token, '/user/messages', {
    conversation_id: chatId,
    uuid: crypto.randomUUID(),
    message: text,
  });
}

/** The count in the tab title, "(3) Parley" → 3; 0 without one. */
async function titleCount(page: Page): Promise<number> {
  const match = /^\((\d+)\)/.exec(await page.title());
  return match ? Number(match[1]) : 0;
}

/** Right-click a row of the list, then one of the conversation actions. */
async function rowAction(page: Page, chatId: number, action: string) {
  await page.getByTestId(`conversation-${chatId}`).click({ button: 'right' });
  await page.getByTestId(`conversation-action-${action}`).click();
}

test('hidden chats: the archive row, search, forward, and a new message brings one back', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const [alice, bob, carol] = [newAccount('alice'), newAccount('bob'), newAccount('carol')];
  for (const account of [alice, bob, carol]) await registerByApi(request, account);
  const bobToken = await tokenFor(request, bob);
  const carolToken = await tokenFor(request, carol);
  const bobChat = await directChat(request, bob, alice, bobToken);
  const carolChat = await directChat(request, carol, alice, carolToken);
  await send(request, bobToken, bobChat, 'psst, alice');
  await send(request, carolToken, carolChat, 'forward me to bob');

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, alice);
  const bobRow = page.getByTestId(`conversation-${bobChat}`);
  const archiveRow = page.getByTestId('archive-row');
  await expect(bobRow.getByTestId('unread-badge')).toHaveText('1');
  await expect(archiveRow).toHaveCount(0);
  const counted = await titleCount(page);

  // Hide Bob's chat: it leaves the list for the archive row, and its unread
  // leaves the title's count (the archive row shows it: one chat unread).
  await rowAction(page, bobChat, 'hide');
  await expect(bobRow).toHaveCount(0);
  await expect(archiveRow).toContainText('Hidden chats');
  await expect(page.getByTestId('archive-names')).toHaveText(bob.name);
  await expect(page.getByTestId('archive-unread')).toHaveText('1');
  await expect.poll(() => titleCount(page)).toBe(counted - 1);
  // It stays so after a reload (the archive is loaded with the list).
  await page.reload();
  await expect(archiveRow).toBeVisible();
  await expect(bobRow).toHaveCount(0);
  await expect.poll(() => titleCount(page)).toBe(counted - 1);
  await saveScreenshot(page, 'archive-row-desktop-en');

  // With the keyboard: Enter opens the archive (its way back takes the
  // focus), Escape goes back to the list (the row takes it again).
  await archiveRow.focus();
  await page.keyboard.press('Enter');
  const view = page.getByTestId('archive-view');
  await expect(view.getByTestId(`conversation-${bobChat}`)).toBeVisible();
  await expect(page.getByTestId('archive-back')).toBeFocused();
  await expect(page.getByTestId('folder-tabs')).toHaveCount(0);
  await saveScreenshot(page, 'archive-list-desktop-en');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(view).toHaveCount(0);
  await expect(archiveRow).toBeFocused();

  // Search finds it, marked as hidden, and opens it.
  const box = page.locator('input[name="search"]');
  await box.fill(bob.name);
  const found = page.getByTestId(`search-c${bobChat}`);
  await expect(found).toBeVisible();
  await expect(found.getByTestId('hidden-tag')).toHaveText('Hidden');
  await saveScreenshot(page, 'archive-search-desktop-en');
  await box.fill('');

  // Forward Carol's message into it: the picker lists it, marked.
  await page.getByTestId(`conversation-${carolChat}`).click();
  await page
    .getByTestId('message')
    .filter({ hasText: 'forward me to bob' })
    .click({ button: 'right' });
  await page.getByTestId('action-forward').click();
  const target = page.getByTestId(`forward-to-${bobChat}`);
  await expect(target.getByTestId('hidden-tag')).toBeVisible();
  await saveScreenshot(page, 'archive-forward-desktop-en');
  await target.click();
  await expect(page.getByText('Message forwarded')).toBeVisible();
  // Alice's own message does not bring it back.
  await expect(archiveRow).toBeVisible();
  await archiveRow.click();
  await view.getByTestId(`conversation-${bobChat}`).click();
  await expect(page.getByTestId('chat-title')).toHaveText(bob.name);
  await expect(page.getByTestId('message').filter({ hasText: 'forward me to bob' })).toBeVisible();
  await page.getByTestId('archive-back').click();
  await expect(bobRow).toHaveCount(0);
  // Bob's chat was on screen: read. Then away from it: a chat on screen reads
  // what arrives in it (the read marker), and the unread below is about a
  // chat Alice is not looking at.
  await expect(page.getByTestId('archive-unread')).toHaveCount(0);
  await page.locator('.conv-row', { hasText: 'Saved Messages' }).click();
  await expect(page.getByTestId('chat-title')).toHaveText('Saved Messages');

  // Carol's chat: muted, then hidden. The archive row lists both now.
  await rowAction(page, carolChat, 'mute');
  await rowAction(page, carolChat, 'hide');
  await expect(page.getByTestId(`conversation-${carolChat}`)).toHaveCount(0);
  await expect(page.getByTestId('archive-names')).toContainText(carol.name);
  const before = await titleCount(page);

  // Bob writes: his unmuted chat comes back to the list at once, unread.
  await send(request, bobToken, bobChat, 'are you ignoring me?');
  await expect(bobRow).toBeVisible();
  await expect(bobRow.getByTestId('unread-badge')).toHaveText('1');
  await expect.poll(() => titleCount(page)).toBe(before + 1);
  await expect(page.getByTestId('archive-names')).toHaveText(carol.name);

  // Carol writes: hers is muted, so it stays hidden and out of the count;
  // the archive row shows it unread.
  await send(request, carolToken, carolChat, 'hello?');
  await expect(page.getByTestId('archive-unread')).toHaveText('1');
  await expect(page.getByTestId(`conversation-${carolChat}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('archive-unread')).toHaveText('1');
  await expect(page.getByTestId(`conversation-${carolChat}`)).toHaveCount(0);
  await expect.poll(() => titleCount(page)).toBe(before + 1);

  // "Show in chat list" from the archive: the last hidden chat goes back,
  // and with nothing hidden left the sidebar shows the list again.
  await archiveRow.click();
  await view.getByTestId(`conversation-${carolChat}`).click({ button: 'right' });
  await expect(page.getByTestId('conversation-action-hide')).toHaveCount(0);
  await page.getByTestId('conversation-action-unhide').click();
  await expect(view).toHaveCount(0);
  await expect(archiveRow).toHaveCount(0);
  await expect(page.getByTestId(`conversation-${carolChat}`)).toBeVisible();
  await expect(page.getByTestId('folder-tabs')).toBeVisible();
  await context.close();
});

/** Signs `account` in at `width` × `height` in `locale`. */
async function signedIn(page: Page, account: Account, locale: 'en' | 'ru'): Promise<void> {
  await page.goto('/');
  await page.evaluate((code) => localStorage.setItem('locale', code), locale);
  await signInByUi(page, account);
}

for (const locale of ['en', 'ru'] as const) {
  test(`hidden chats on a phone (${locale}): in and out of the archive, and of a chat`, async ({
    browser,
    request,
  }) => {
    const [me, friend, quiet] = [newAccount('me'), newAccount('friend'), newAccount('quiet')];
    for (const account of [me, friend, quiet]) await registerByApi(request, account);
    const token = await tokenFor(request, me);
    const friendChat = await directChat(request, me, friend, token);
    const quietChat = await directChat(request, me, quiet, token);
    const quietToken = await tokenFor(request, quiet);
    await send(request, quietToken, quietChat, 'one');
    await send(request, quietToken, quietChat, 'two');
    for (const id of [friendChat, quietChat]) {
      await callApi(request, token, `/user/conversations/${id}/hide`, { value: true });
    }

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signedIn(page, me, locale);
    const title = locale === 'en' ? 'Hidden chats' : 'Скрытые чаты';
    const archiveRow = page.getByTestId('archive-row');
    await expect(archiveRow).toContainText(title);
    await expect(page.getByTestId('archive-unread')).toHaveText('1');
    await saveScreenshot(page, `archive-row-phone-${locale}`);

    // The archive, one of its chats, and back: to the archive, then the list.
    await archiveRow.click();
    const view = page.getByTestId('archive-view');
    await expect(view.getByTestId(`conversation-${quietChat}`)).toBeVisible();
    await expect(view.getByTestId(`conversation-${friendChat}`)).toBeVisible();
    await expect(page.getByTestId('archive-header')).toContainText(title);
    await saveScreenshot(page, `archive-list-phone-${locale}`);
    await view.getByTestId(`conversation-${quietChat}`).click();
    await expect(page.getByTestId('chat-title')).toHaveText(quiet.name);
    await expect(view).toBeHidden();
    await page.locator('.chat-back').click();
    await expect(view.getByTestId(`conversation-${quietChat}`)).toBeVisible();
    await page.getByTestId('archive-back').click();
    await expect(view).toHaveCount(0);
    await expect(archiveRow).toBeVisible();

    // The other locale's desktop screens, for a look.
    await page.setViewportSize({ width: 1280, height: 800 });
    if (locale === 'ru') {
      await saveScreenshot(page, 'archive-row-desktop-ru');
      await archiveRow.click();
      await expect(view).toBeVisible();
      await saveScreenshot(page, 'archive-list-desktop-ru');
      // Collapsed to avatars: the archive keeps its way back; dark mode.
      await page.locator('.sidebar-toggle').click();
      await expect(page.getByTestId('archive-back')).toBeVisible();
      await page.emulateMedia({ colorScheme: 'dark' });
      await saveScreenshot(page, 'archive-list-desktop-ru-collapsed-dark');
      await page.locator('.sidebar-toggle').click();
      await page.getByTestId('archive-back').click();
      await saveScreenshot(page, 'archive-row-desktop-ru-dark');
    }
    await context.close();
  });
}
