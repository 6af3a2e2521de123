import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { pairWithChat } from '../support/chats';
import { saveScreenshot } from '../support/screenshots';
import { signInByUi } from '../support/users';
import type { Account } from '../support/users';

// Issue 23: "Copy text" in the message menu, and selection mode — select
// several messages, then Copy (Telegram's "Name, [date time]:" join),
// Forward (one request, arriving in order) or Delete for everyone (gone for
// the other side live). Phone width: long press, and "Select" from the menu.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function signedIn(
  browser: Browser,
  account: Account,
  viewport = DESKTOP,
  locale = 'en',
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
  const page = await context.newPage();
  await signInByUi(page, account);
  return page;
}

/** The bubble whose text is exactly `text`. */
const bubble = (page: Page, text: string) =>
  page
    .getByTestId('message')
    .filter({ has: page.getByTestId('message-text').filter({ hasText: new RegExp(`^${text}$`) }) });

async function seed(request: Parameters<typeof pairWithChat>[0]) {
  const pair = await pairWithChat(request);
  const bobToken = await tokenFor(request, pair.bob);
  const say = (token: string, message: string) =>
    callApi(request, token, '/user/messages', {
      conversation_id: pair.chatId,
      uuid: crypto.randomUUID(),
      message,
    });
  await say(pair.aliceToken, 'one');
  await say(bobToken, 'two');
  await say(pair.aliceToken, 'three');
  await say(pair.aliceToken, 'four ||hidden words||');
  await say(bobToken, 'see https://example.com/page');
  return pair;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('select several messages: copy, forward in order, delete for everyone', async ({
  browser,
  request,
}) => {
  const { alice, bob, chatId } = await seed(request);
  const a = await signedIn(browser, alice);
  const b = await signedIn(browser, bob);
  await a.goto(`/chat/${chatId}`);
  await b.goto(`/chat/${chatId}`);
  await expect(bubble(a, 'one')).toBeVisible();

  // Copy text of one message: the words without markers, the spoiler's real text.
  await a.getByTestId('message').filter({ hasText: 'four' }).click({ button: 'right' });
  await expect(a.getByTestId('action-select')).toBeVisible();
  await saveScreenshot(a, 'multi-select-menu-en-desktop');
  await a.getByTestId('action-copy').click();
  await expect(a.getByText('Copied')).toBeVisible();
  expect(await clipboard(a)).toBe('four hidden words');

  // Copy link: the message's first link.
  await bubble(a, 'see https://example.com/page').click({ button: 'right' });
  await a.getByTestId('action-copy-link').click();
  await expect.poll(() => clipboard(a)).toBe('https://example.com/page');
  await bubble(a, 'two').click({ button: 'right' });
  await expect(a.getByTestId('action-copy')).toBeVisible();
  await expect(a.getByTestId('action-copy-link')).toHaveCount(0);
  await a.keyboard.press('Escape');

  // "Select" enters selection mode with that message; clicks add the others.
  await bubble(a, 'one').click({ button: 'right' });
  await a.getByTestId('action-select').click();
  const bar = a.getByTestId('selection-bar');
  await expect(bar).toBeVisible();
  await expect(a.getByTestId('selection-count')).toHaveText('1 message');
  await expect(a.getByTestId('chat-title')).toHaveCount(0);
  await bubble(a, 'three').click();
  await bubble(a, 'two').click();
  await expect(a.getByTestId('selection-count')).toHaveText('3 messages');
  await expect(a.locator('.msg-row.is-selected')).toHaveCount(3);

  // Copy: in time order (not the order clicked), each headed by name and time.
  await a.getByTestId('selection-copy').click();
  await expect(bar).toHaveCount(0);
  const copied = await clipboard(a);
  const stamp = String.raw`\[\d\d/\d\d/\d{4}, \d\d:\d\d\]:`;
  expect(copied).toMatch(
    new RegExp(
      `^${alice.name}, ${stamp}\none\n\n${bob.name}, ${stamp}\ntwo\n\n${alice.name}, ${stamp}\nthree$`,
    ),
  );

  // Escape cancels selection mode; the checkbox is a real, focusable checkbox.
  await bubble(a, 'one').click({ modifiers: ['Shift'] });
  await expect(bar).toBeVisible();
  const check = a.locator('.msg-row.is-selected').getByRole('checkbox');
  await expect(check).toHaveAttribute('aria-checked', 'true');
  await a.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);

  // Forward three to Saved Messages in one go: they arrive in their order.
  await bubble(a, 'four hidden words').click({ modifiers: ['Shift'] });
  await bubble(a, 'one').click();
  await bubble(a, 'three').click();
  await saveScreenshot(a, 'multi-select-en-desktop');
  await a.getByTestId('selection-forward').click();
  await a.getByTestId('forward-dialog').getByRole('button', { name: 'Saved Messages' }).click();
  await expect(a.getByText('3 messages forwarded')).toBeVisible();
  await expect(bar).toHaveCount(0);
  await a.locator('.conv-row[title="Saved Messages"]').click();
  await expect(a.getByTestId('chat-title')).toHaveText('Saved Messages');
  await expect(a.getByTestId('message-text')).toHaveText(['one', 'three', 'four hidden words']);

  // Back in the chat: a selection with Bob's message offers delete for me only.
  await a.goto(`/chat/${chatId}`);
  await bubble(a, 'one').click({ modifiers: ['Shift'] });
  await bubble(a, 'two').click();
  await a.getByTestId('selection-delete').click();
  await expect(a.getByTestId('confirm-dialog')).toContainText('Delete 2 messages?');
  await expect(a.getByTestId('delete-for-everyone')).toHaveCount(0);
  await a.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(bar).toBeVisible();

  // Only her own: delete for everyone; they go for Bob too, live.
  await bubble(a, 'two').click();
  await bubble(a, 'three').click();
  await expect(a.getByTestId('selection-count')).toHaveText('2 messages');
  await a.getByTestId('selection-delete').click();
  await a.getByTestId('delete-for-everyone').check();
  await saveScreenshot(a, 'multi-select-delete-en-desktop');
  await a.getByTestId('confirm-ok').click();
  await expect(bar).toHaveCount(0);
  await expect(bubble(a, 'one')).toHaveCount(0);
  await expect(bubble(a, 'three')).toHaveCount(0);
  await expect(bubble(b, 'one')).toHaveCount(0);
  await expect(bubble(b, 'three')).toHaveCount(0);
  await expect(bubble(b, 'two')).toBeVisible();

  // Switching chats clears the selection.
  await bubble(a, 'two').click({ modifiers: ['Shift'] });
  await expect(bar).toBeVisible();
  await a.locator('.conv-row[title="Saved Messages"]').click();
  await a.goto(`/chat/${chatId}`);
  await expect(a.getByTestId('chat-title')).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test('phone: a long press or "Select" in the menu; the bar fits 390 px', async ({
  browser,
  request,
}) => {
  // Four sign-ins and four screens: longer than the default 30 s.
  test.setTimeout(120_000);
  const { alice, chatId } = await seed(request);
  for (const locale of ['en', 'ru', 'fr', 'am']) {
    const page = await signedIn(browser, alice, PHONE, locale);
    await page.goto(`/chat/${chatId}`);
    await expect(bubble(page, 'two')).toBeVisible();

    if (locale === 'en') {
      // A long press (a touch held still for half a second) starts selection mode.
      const box = await bubble(page, 'two').boundingBox();
      if (!box) throw new Error('no bubble');
      const at = {
        clientX: box.x + 20,
        clientY: box.y + 10,
        pointerType: 'touch',
        isPrimary: true,
      };
      await bubble(page, 'two').dispatchEvent('pointerdown', at);
      await page.waitForTimeout(700);
      await bubble(page, 'two').dispatchEvent('pointerup', at);
      await expect(page.getByTestId('selection-count')).toHaveText('1 message');
    } else {
      // The "⋯" of a message (always shown on touch screens) has "Select".
      await bubble(page, 'two').getByTestId('message-menu').click();
      await page.getByTestId('action-select').click();
    }
    await bubble(page, 'one').click();
    await bubble(page, 'three').click();
    const bar = page.getByTestId('selection-bar');
    await expect(page.locator('.msg-row.is-selected')).toHaveCount(3);
    // Every action stays on screen at phone width.
    for (const id of [
      'selection-cancel',
      'selection-copy',
      'selection-forward',
      'selection-delete',
    ]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.x + box.width <= PHONE.width).toBe(true);
    }
    await saveScreenshot(page, `multi-select-${locale}-phone`);
    if (locale !== 'en') {
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, `multi-select-${locale}-desktop`);
    }
    await bar.getByTestId('selection-cancel').click();
    await expect(bar).toHaveCount(0);
    await page.context().close();
  }
});
