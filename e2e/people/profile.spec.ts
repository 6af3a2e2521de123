import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { tokenFor } from '../support/api';
import { groupByApi, twoWayChat } from '../support/chats';
import { saveScreenshot } from '../support/screenshots';
import { sendText } from '../support/messages';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import type { Account } from '../support/users';

// Issue 23: a person's profile panel and "last seen" as a real time. Bob
// sees Alice online, then "last seen just now" once she leaves; opens her
// profile from the chat's header, sees the group they share, blocks her
// from it (her composer shows it live) and unblocks; opens her profile
// again from the group's member list and "Send message" takes him to their
// chat. Screens of the panel at both widths in each language.

const LIVE = { timeout: 5_000 };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function signedIn(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInByUi(page, account);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  return page;
}

async function openChat(page: Page, chatId: number): Promise<void> {
  await page.getByTestId(`conversation-${chatId}`).click();
  await expect(page.getByTestId('chat-open')).toBeVisible();
}

async function openProfileFromHeader(page: Page): Promise<void> {
  await page.getByTestId('chat-info-open').click();
  await expect(page.getByTestId('profile-panel')).toBeVisible();
  await expect(page.getByTestId('profile-name')).toBeVisible();
}

test('profile panel: last seen, groups in common, block, send message', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = newAccount('alice');
  const bob = newAccount('bob');
  await registerByApi(request, alice);
  await registerByApi(request, bob);
  const aliceToken = await tokenFor(request, alice);
  const chatId = await twoWayChat(request, alice, bob, aliceToken);
  const groupId = await groupByApi(request, alice, aliceToken, 'Chess club', [bob]);

  const b = await signedIn(browser, bob);
  await openChat(b, chatId);
  let a = await signedIn(browser, alice);
  await expect(b.getByTestId('chat-subtitle')).toHaveText('online', LIVE);

  // Alice leaves: the time, in words, not a bucket.
  await a.context().close();
  await expect(b.getByTestId('chat-subtitle')).toHaveText('last seen just now', LIVE);

  // She comes back and opens the chat.
  a = await signedIn(browser, alice);
  await openChat(a, chatId);
  await expect(b.getByTestId('chat-subtitle')).toHaveText('online', LIVE);

  // Bob opens her profile from the chat's header.
  await openProfileFromHeader(b);
  const panel = b.getByTestId('profile-panel');
  await expect(panel).toBeFocused();
  await expect(b.getByTestId('profile-name')).toContainText(alice.name);
  await expect(b.getByTestId('profile-username')).toContainText(`@${alice.username}`);
  await expect(b.getByTestId('profile-last-seen')).toHaveText('online');
  await expect(b.getByTestId(`profile-group-${groupId}`)).toContainText('Chess club');
  // The chat's shared media, files and links: a link Alice sends now shows live.
  await sendText(request, aliceToken, chatId, 'Openings: https://chess.example/openings');
  await panel.getByTestId('shared-tab-links').click();
  await expect(panel.getByTestId('shared-link')).toContainText('chess.example', LIVE);

  // Mute and unmute the chat from the profile.
  await b.getByTestId('profile-mute').click();
  await expect(b.getByTestId('profile-mute')).toHaveText('Unmute', LIVE);
  await b.getByTestId('profile-mute').click();
  await expect(b.getByTestId('profile-mute')).toHaveText('Mute', LIVE);

  // Block: Alice's composer gives way to the "blocked you" bar, live; then unblock.
  await b.getByTestId('profile-block').click();
  // Blocking is asked first (e2e/chat/dialogs.spec.ts covers Cancel); unblocking is not.
  await b.getByTestId('confirm-ok').click();
  await expect(b.getByTestId('profile-block')).toHaveText('Unblock', LIVE);
  await expect(a.getByTestId('blocked-by-bar')).toBeVisible(LIVE);
  await expect(a.getByTestId('composer-input')).toHaveCount(0);
  await b.getByTestId('profile-block').click();
  await expect(b.getByTestId('profile-block')).toHaveText('Block', LIVE);
  await expect(a.getByTestId('blocked-by-bar')).toHaveCount(0, LIVE);
  await expect(a.getByTestId('composer-input')).toBeVisible();

  // Escape closes it and gives focus back to the header.
  await b.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(b.getByTestId('chat-info-open')).toBeFocused();

  // From the group's member list: her profile over the group info; Send message goes to the chat.
  await openChat(b, groupId);
  await b.getByTestId('chat-info-open').click();
  await expect(b.getByTestId('info-panel')).toBeVisible();
  await b.getByTestId(`member-open-${alice.username}`).click();
  await expect(b.getByTestId('profile-panel')).toBeVisible();
  await b.getByTestId('profile-send').click();
  await expect(b).toHaveURL(new RegExp(`/chat/${chatId}$`));
  await expect(b.getByTestId('profile-panel')).toHaveCount(0);
  await expect(b.getByTestId('info-panel')).toHaveCount(0);

  // Phone width: the panel takes the whole screen (opened by the header's picture this time).
  await b.setViewportSize(PHONE);
  await b.getByTestId('chat-avatar-open').click();
  await expect(b.getByTestId('profile-panel')).toBeVisible();
  const box = await b.getByTestId('profile-panel').boundingBox();
  expect(box?.width).toBe(PHONE.width);
  await b.keyboard.press('Escape');
  await b.setViewportSize(DESKTOP);

  // Alice leaves again for the screens: Bob's panel says when, in each language.
  await a.context().close();
  await expect(b.getByTestId('chat-subtitle')).toHaveText('last seen just now', LIVE);
  for (const locale of ['en', 'ru', 'fr', 'am']) {
    await b.evaluate((code) => localStorage.setItem('locale', code), locale);
    await b.reload();
    await expect(b.getByTestId('chat-open')).toBeVisible();
    await openProfileFromHeader(b);
    await expect(b.getByTestId(`profile-group-${groupId}`)).toBeVisible();
    await saveScreenshot(b, `profile-${locale}-desktop`);
    await b.setViewportSize(PHONE);
    await b.waitForTimeout(150);
    await saveScreenshot(b, `profile-${locale}-phone`);
    await b.setViewportSize(DESKTOP);
    await b.keyboard.press('Escape');
  }
  await b.context().close();
});
