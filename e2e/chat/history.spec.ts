import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { pairWithChat } from '../support/chats';
import { signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Long history in the browser: the newest page first, older pages on scroll
// up, a reply's quote jumping to a message far outside the loaded window
// ("around"), newer pages on scroll down from there, and back to the latest.

const TOTAL = 160; // more than three pages of 50
const label = (i: number) => `m-${String(i).padStart(3, '0')}`;

/** Scrolls the message list by `dy` pixels until `target` shows, at most `tries` times. */
async function scrollUntil(page: Page, dy: number, target: Locator, tries = 60) {
  const list = page.getByTestId('message-history');
  const box = await list.boundingBox();
  if (!box) throw new Error('no message list');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < tries && !(await target.isVisible()); i++) {
    await page.mouse.wheel(0, dy);
    await page.waitForTimeout(120);
  }
  await expect(target).toBeVisible();
}

test('history: pages older and newer, jumps to a replied message and back', async ({
  browser,
  request,
}) => {
  // 161 sends to seed, then several page loads each way; CI machines are busy.
  test.setTimeout(180_000);
  const { alice, bob, chatId } = await pairWithChat(request);
  const token = await tokenFor(request, bob);
  const ids: number[] = [];
  for (let i = 1; i <= TOTAL; i++) {
    const m = await callApi<{ id: number }>(request, token, '/user/messages', {
      conversation_id: chatId,
      uuid: crypto.randomUUID(),
      message: label(i),
    });
    ids.push(m.id);
  }
  await callApi(request, token, '/user/messages', {
    conversation_id: chatId,
    uuid: crypto.randomUUID(),
    message: 'about the very first one',
    parent_id: ids[0],
  });

  // Alice has read them all (elsewhere): the chat opens at the newest page.
  // Opening at the first of many unread is first-unread.spec.ts.
  await callApi(request, await tokenFor(request, alice), `/user/messages/read/${chatId}`, {});

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, alice);
  await page.getByTestId(`conversation-${chatId}`).click();
  // A bubble by its own text (a reply's quote of m-001 must not count as m-001).
  const bubble = (text: string) =>
    page
      .getByTestId('message')
      .filter({ has: page.getByTestId('message-text').getByText(text, { exact: true }) });

  // The newest page, at the bottom.
  await expect(bubble('about the very first one')).toBeVisible();
  await expect(bubble(label(TOTAL))).toBeVisible();
  await expect(bubble(label(1))).toHaveCount(0); // not loaded: three pages away

  // The quote jumps far back: the window around m-001 is loaded and it is highlighted.
  await bubble('about the very first one').getByTestId('message-reply').click();
  const first = bubble(label(1));
  await expect(first).toBeVisible();
  await expect(first).toHaveClass(/is-highlighted/);
  await expect(bubble(label(TOTAL))).toHaveCount(0); // the latest page was let go
  await saveScreenshot(page, 'history-jumped');

  // Newer pages load on the way down, in order, without gaps, to the newest.
  await scrollUntil(page, 600, bubble(label(TOTAL)), 80);
  const shown = await page.getByTestId('message-text').allInnerTexts();
  const numbers = shown
    .map((text) => /^m-(\d{3})$/.exec(text.trim())?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  expect(numbers.length).toBeGreaterThan(3);
  for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe((numbers[i - 1] ?? 0) + 1);

  // A reload opens the newest page alone again; older pages load on the way
  // up, back to the very first message.
  await page.reload();
  await expect(bubble('about the very first one')).toBeVisible();
  await expect(bubble(label(1))).toHaveCount(0);
  await scrollUntil(page, -900, bubble(label(1)), 80);
  await saveScreenshot(page, 'history-top');

  // On a phone the scroll-to-bottom button sits clear of the bubbles' column,
  // and takes the list back to the latest messages.
  await page.setViewportSize({ width: 390, height: 844 });
  const button = page.getByTestId('scroll-to-bottom');
  await expect(button).toBeVisible();
  await saveScreenshot(page, 'history-phone');
  await button.click();
  await expect(bubble('about the very first one')).toBeVisible();
});
