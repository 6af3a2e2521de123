import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { pairWithChat } from '../support/chats';
import { sendFile, sendText } from '../support/messages';
import { gradientPng } from '../support/png';
import { saveScreenshot } from '../support/screenshots';
import { signInByUi } from '../support/users';

// A chat whose newest messages are pictures and file cards opens at the very
// bottom, and stays there when more arrive: the last item is not left under
// the composer, it is read, and the list shows no unread on the open chat.
// (Seen in a walkthrough: the list stopped 20–30 px short, the last item
// stayed unread and the "Unread messages" line stuck.)

const PDF = Buffer.from(`%PDF-1.4\n% notes ${'.'.repeat(400)}\n%%EOF\n`);

/** How far the list's bottom is from the scroller's end, in px. */
const gapToEnd = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector('.msg-scroller');
    if (!list) return Number.NaN;
    return Math.round(list.scrollHeight - list.scrollTop - list.clientHeight);
  });

/**
 * How far the newest bubble's bottom lies below what the reader sees (the
 * scroller's bottom edge, the composer's top), in px: 0 or less is in view.
 */
const lastRowHidden = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector('.msg-scroller');
    const composer = document.querySelector('[data-testid="composer-input"]');
    const rows = document.querySelectorAll('.msg-item .msg-bubble');
    const last = rows[rows.length - 1];
    if (!list || !composer || !last) return Number.NaN;
    const seen = Math.min(
      list.getBoundingClientRect().bottom,
      composer.getBoundingClientRect().top,
    );
    return Math.round(last.getBoundingClientRect().bottom - seen);
  });

/** The newest row is whole on screen, at the scroller's real end. */
async function expectAtEnd(page: Page) {
  await expect.poll(() => gapToEnd(page), { timeout: 5000 }).toBeLessThanOrEqual(1);
  await expect.poll(() => lastRowHidden(page)).toBeLessThanOrEqual(0);
}

for (const [device, viewport, locale] of [
  ['desktop', { width: 1280, height: 800 }, 'en'],
  ['phone', { width: 390, height: 844 }, 'en'],
  ['desktop', { width: 1280, height: 800 }, 'ru'],
  ['phone', { width: 390, height: 844 }, 'ru'],
] as const) {
  test(`a chat ending in pictures and files sits at the bottom (${device}, ${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const { bob, chatId, aliceToken } = await pairWithChat(request);
    const bobToken = await tokenFor(request, bob);
    for (let i = 1; i <= 12; i++) await sendText(request, aliceToken, chatId, `line ${i}`);
    // Boxes whose heights are not whole pixels when kept to their aspect ratio
    // (320 × 333 / 640 = 166.5): the list's rounding came up short by each.
    for (const [w, h] of [
      [640, 333],
      [1200, 599],
      [900, 467],
      [640, 333],
      [1000, 519],
      [1200, 601],
    ] as const) {
      await sendFile(request, aliceToken, chatId, {
        name: `photo-${w}x${h}.png`,
        mimeType: 'image/png',
        buffer: gradientPng(w, h),
      });
    }
    await sendFile(request, aliceToken, chatId, {
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await sendFile(request, aliceToken, chatId, {
      name: 'tall.png',
      mimeType: 'image/png',
      buffer: gradientPng(600, 901),
    });

    // Bob has read it all: the chat opens at its end, not at a first unread.
    await callApi(request, bobToken, `/user/messages/read/${chatId}`, {});

    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInByUi(page, bob);
    await page.evaluate((code) => localStorage.setItem('locale', code), locale);
    await page.goto(`/chat/${chatId}`);
    const picture = (name: string) =>
      page.getByTestId('message-image').filter({ has: page.locator(`img[alt="${name}"]`) });
    await expect(picture('tall.png')).toBeVisible();
    // Every thumbnail on screen loaded: the layout is final.
    await expect
      .poll(() =>
        page
          .getByTestId('message-image')
          .locator('img')
          .evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete)),
      )
      .toBe(true);
    await expectAtEnd(page);
    await expect(picture('tall.png')).toBeInViewport({ ratio: 1 });
    // Read to the end: no unread on the open chat.
    await expect.poll(async () => (await pivotOf(request, bobToken, chatId)).new_messages).toBe(0);
    if (device === 'desktop') {
      await expect(
        page.getByTestId(`conversation-${chatId}`).getByTestId('unread-badge'),
      ).toHaveCount(0);
    }

    // More pictures arriving while the chat is open are followed to the end, and read.
    await sendFile(request, aliceToken, chatId, {
      name: 'late.png',
      mimeType: 'image/png',
      buffer: gradientPng(800, 417),
    });
    await expect(picture('late.png')).toBeVisible();
    await expectAtEnd(page);
    await expect(picture('late.png')).toBeInViewport({ ratio: 1 });
    await expect.poll(async () => (await pivotOf(request, bobToken, chatId)).new_messages).toBe(0);
    await saveScreenshot(page, `media-bottom-${device}-${locale}`);

    // The composer grows with a long draft: the end stays above it.
    await page.getByTestId('composer-input').fill('one\ntwo\nthree\nfour');
    await expectAtEnd(page);
    await context.close();
  });
}

test('the "Unread messages" line goes once the reader sends', async ({ browser, request }) => {
  const { bob, chatId, aliceToken } = await pairWithChat(request);
  await sendText(request, aliceToken, chatId, 'are you there?');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, bob);
  await page.goto(`/chat/${chatId}`);
  await expect(page.getByTestId('unread-divider')).toBeVisible();
  await page.getByTestId('composer-input').fill('yes');
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.getByTestId('message-text').getByText('yes', { exact: true })).toBeVisible();
  await expect(page.getByTestId('unread-divider')).toHaveCount(0);
  // Read, and answered: nothing unread on the open chat.
  await expect(page.getByTestId(`conversation-${chatId}`).getByTestId('unread-badge')).toHaveCount(
    0,
  );
  await saveScreenshot(page, 'unread-divider-gone-desktop-en');
  await context.close();
});

async function pivotOf(
  request: Parameters<typeof tokenFor>[0],
  token: string,
  chatId: number,
): Promise<{ new_messages: number }> {
  const c = await callApi<{ pivot: { new_messages: number } }>(
    request,
    token,
    '/user/conversation',
    { conversation_id: chatId },
  );
  return c.pivot;
}
