import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { pairWithChat } from '../support/chats';
import { signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Coming back to a chat with more unread messages than one history page (50,
// HISTORY_PAGE_DEFAULT): it opens at the first unread under an "Unread
// messages" line, only what has been on screen is marked read (the list's
// counter goes down as the reader scrolls, not to 0 at once), and the
// floating buttons lead to the first unread and to the newest message.

const UNREAD = 120;
const label = (prefix: string, i: number) => `${prefix}-${String(i).padStart(3, '0')}`;

async function seed(
  request: APIRequestContext,
  token: string,
  chatId: number,
  prefix: string,
  count: number,
) {
  for (let i = 1; i <= count; i++) {
    await callApi(request, token, '/user/messages', {
      conversation_id: chatId,
      uuid: crypto.randomUUID(),
      message: label(prefix, i),
    });
  }
}

/** The reader's pivot as the server holds it. */
async function pivotOf(request: APIRequestContext, token: string, chatId: number) {
  const c = await callApi<{ pivot: { new_messages: number; last_read_message_id: number | null } }>(
    request,
    token,
    '/user/conversation',
    { conversation_id: chatId },
  );
  return c.pivot;
}

const bubbleOf = (page: Page) => (text: string) =>
  page
    .getByTestId('message')
    .filter({ has: page.getByTestId('message-text').getByText(text, { exact: true }) });

/** The list row's unread badge as a number (0 when there is none). */
async function listUnread(row: Locator): Promise<number> {
  const badge = row.getByTestId('unread-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.innerText());
}

async function wheel(page: Page, dy: number, times = 1) {
  const box = await page.getByTestId('message-history').boundingBox();
  if (!box) throw new Error('no message list');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < times; i++) {
    await page.mouse.wheel(0, dy);
    await page.waitForTimeout(150);
  }
}

test('a chat with more unread than a page opens at the first unread and reads what is seen', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { bob, chatId, aliceToken } = await pairWithChat(request);
  const bobToken = await tokenFor(request, bob);
  // A little history Bob has read, then 120 messages while he is away.
  await seed(request, aliceToken, chatId, 'old', 5);
  await callApi(request, bobToken, `/user/messages/read/${chatId}`, {});
  await seed(request, aliceToken, chatId, 'new', UNREAD);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, bob);
  const bubble = bubbleOf(page);
  const row = page.getByTestId(`conversation-${chatId}`);
  await expect(row.getByTestId('unread-badge')).toHaveText(String(UNREAD));

  // Opens at the first unread, under the separator; the newest is not even loaded.
  await row.click();
  const divider = page.getByTestId('unread-divider');
  await expect(bubble(label('new', 1))).toBeInViewport();
  await expect(divider).toBeInViewport();
  await expect(divider).toHaveText('Unread messages');
  await expect(page.locator('.msg-item', { has: divider })).toContainText(label('new', 1));
  await expect(bubble(label('new', UNREAD))).toHaveCount(0);

  // What is on screen is read, and no more: the counter goes down, not to 0.
  await expect.poll(() => listUnread(row)).toBeLessThan(UNREAD);
  await page.waitForTimeout(1000); // past the read marker's debounce and its request
  const afterOpen = await listUnread(row);
  expect(afterOpen).toBeGreaterThan(0);
  expect(afterOpen).toBeGreaterThan(UNREAD - 40); // about a screenful was read
  const server = await pivotOf(request, bobToken, chatId);
  expect(server.new_messages).toBe(afterOpen);
  // Read up to the last message wholly on screen; the next one is not (wholly).
  await expect(bubble(label('new', UNREAD - afterOpen))).toBeInViewport({ ratio: 1 });
  await expect(bubble(label('new', UNREAD - afterOpen + 1))).not.toBeInViewport({ ratio: 1 });

  // The jump-to-bottom button shows the same count.
  const toBottom = page.getByTestId('scroll-to-bottom');
  await expect(toBottom).toBeVisible();
  await expect(toBottom.getByTestId('scroll-to-bottom-badge')).toHaveText(String(afterOpen));
  await saveScreenshot(page, 'first-unread-desktop-en');

  // Scrolling down reads more, still not everything.
  await wheel(page, 400, 3);
  await expect.poll(() => listUnread(row)).toBeLessThan(afterOpen);
  await page.waitForTimeout(1000);
  const afterScroll = await listUnread(row);
  expect(afterScroll).toBeGreaterThan(0);

  // Back up into what was read: "first unread" takes the reader to where they stopped.
  const toUnread = page.getByTestId('jump-first-unread');
  await expect(toUnread).toHaveCount(0);
  await wheel(page, -800, 4);
  await expect(toUnread).toBeVisible();
  await saveScreenshot(page, 'first-unread-jump-buttons-desktop-en');
  await toUnread.focus();
  await page.keyboard.press('Enter');
  const next = bubble(label('new', UNREAD - afterScroll + 1));
  await expect(next).toBeInViewport();
  await expect(toUnread).toHaveCount(0);
  // The button went with the old list: the keyboard goes on from the new one.
  await expect(page.locator('.msg-scroller')).toBeFocused();

  // The keyboard reaches jump-to-bottom: the newest message, and everything read.
  await toBottom.focus();
  await page.keyboard.press('Enter');
  await expect(bubble(label('new', UNREAD))).toBeInViewport();
  await expect(row.getByTestId('unread-badge')).toHaveCount(0);
  await expect(toBottom).toHaveCount(0);
  await expect.poll(async () => (await pivotOf(request, bobToken, chatId)).new_messages).toBe(0);

  // At the live end now: a message that arrives is followed into view and read.
  await callApi(request, aliceToken, '/user/messages', {
    conversation_id: chatId,
    uuid: crypto.randomUUID(),
    message: 'live one',
  });
  await expect(bubble('live one')).toBeInViewport({ ratio: 1 });
  await expect.poll(async () => (await pivotOf(request, bobToken, chatId)).new_messages).toBe(0);
  await expect(row.getByTestId('unread-badge')).toHaveCount(0);
  await context.close();

  // On a phone, in Russian: scrolling all the way down reads everything.
  await seed(request, aliceToken, chatId, 'more', UNREAD);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const p = await phone.newPage();
  await signInByUi(p, bob);
  await p.evaluate(() => localStorage.setItem('locale', 'ru'));
  await p.goto(`/chat/${chatId}`);
  const pb = bubbleOf(p);
  await expect(p.getByTestId('unread-divider')).toHaveText('Непрочитанные сообщения');
  await expect(pb(label('more', 1))).toBeInViewport();
  await expect(pb(label('more', UNREAD))).toHaveCount(0);
  await expect(p.getByTestId('scroll-to-bottom')).toBeVisible();
  await p.waitForTimeout(1000);
  const phoneUnread = (await pivotOf(request, bobToken, chatId)).new_messages;
  expect(phoneUnread).toBeGreaterThan(0);
  await expect(p.getByTestId('scroll-to-bottom-badge')).toHaveText(String(phoneUnread));
  await saveScreenshot(p, 'first-unread-phone-ru');
  await wheel(p, -600, 3);
  await expect(p.getByTestId('jump-first-unread')).toBeVisible();
  await saveScreenshot(p, 'first-unread-jump-buttons-phone-ru');
  await wheel(p, 600, 3);
  // Down page by page until the list can go no further.
  const phoneToBottom = p.getByTestId('scroll-to-bottom');
  const atEnd = () =>
    p.evaluate(() => {
      const list = document.querySelector('.msg-scroller');
      return list !== null && list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
    });
  for (let i = 0; i < 80 && ((await phoneToBottom.count()) > 0 || !(await atEnd())); i++) {
    await wheel(p, 600);
  }
  await expect(pb(label('more', UNREAD))).toBeInViewport();
  await expect.poll(async () => (await pivotOf(request, bobToken, chatId)).new_messages).toBe(0);
  await p.locator('.chat-back').click();
  await expect(p.getByTestId(`conversation-${chatId}`).getByTestId('unread-badge')).toHaveCount(0);
  await phone.close();
});

test('screens: the divider and the jump buttons, English and Russian, desktop and phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { bob, chatId, aliceToken } = await pairWithChat(request);
  const bobToken = await tokenFor(request, bob);
  await seed(request, aliceToken, chatId, 'old', 5);
  const devices = {
    desktop: { width: 1280, height: 800 },
    phone: { width: 390, height: 844 },
  } as const;
  for (const locale of ['en', 'ru'] as const) {
    for (const [device, viewport] of Object.entries(devices)) {
      // A fresh run of unread, more than a page, each time.
      await callApi(request, bobToken, `/user/messages/read/${chatId}`, {});
      await seed(request, aliceToken, chatId, `${locale}-${device}`, 60);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signInByUi(page, bob);
      await page.evaluate((code) => localStorage.setItem('locale', code), locale);
      await page.goto(`/chat/${chatId}`);
      await expect(page.getByTestId('unread-divider')).toBeInViewport();
      await expect(page.getByTestId('scroll-to-bottom-badge')).toBeVisible();
      await saveScreenshot(page, `first-unread-divider-${device}-${locale}`);
      // Read on a little, then back up above where reading stopped.
      await wheel(page, 500, 2);
      await page.waitForTimeout(1000);
      await wheel(page, -800, 3);
      await expect(page.getByTestId('jump-first-unread')).toBeVisible();
      await saveScreenshot(page, `first-unread-buttons-${device}-${locale}`);
      await context.close();
    }
  }
});
