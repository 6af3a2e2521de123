import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { callApi, tokenFor } from '../support/api';
import { pairWithChat } from '../support/chats';
import { expectNoCspViolations, watchCsp } from '../support/csp';
import { saveScreenshot } from '../support/screenshots';
import { signInByUi } from '../support/users';
import type { Account } from '../support/users';

// Reactions and emoji: Bob reacts to Alice's message from the message menu's
// quick bar; Alice sees the chip with its count live, adds hers, and Bob
// takes his back. "Who reacted" names them. The composer's emoji picker
// (its own chunk, loaded on first open, data from the app's origin only)
// inserts at the cursor; a message of emoji alone shows large, without a
// bubble. Then the screens, desktop and phone, English and Russian.

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

async function open(
  browser: Browser,
  account: Account,
  chatId: number,
  viewport = desktop,
  locale = 'en',
): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme: 'light' });
  await watchCsp(context);
  await context.addInitScript((code) => localStorage.setItem('locale', code), locale);
  const page = await context.newPage();
  // The picker must not reach any other origin (a CDN) for its data.
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
      throw new Error(`request to another origin: ${r.url()}`);
    }
  });
  await signInByUi(page, account);
  await page.goto(`/chat/${chatId}`);
  await expect(page.getByTestId('message-history')).toBeVisible();
  return page;
}

const bubble = (page: Page, text: string) =>
  page
    .getByTestId('message')
    .filter({ has: page.getByTestId('message-text').filter({ hasText: text }) })
    .last();

const chip = (page: Page, text: string, emoji: string) =>
  bubble(page, text).locator(`[data-testid="reaction-chip"][data-emoji="${emoji}"]`);

test('reactions live on both sides, the picker inserts emoji, emoji alone shows large', async ({
  browser,
  request,
}) => {
  // Two people, then three more screens: longer than the default 30 s.
  test.setTimeout(120_000);
  const { alice, bob, chatId, aliceToken } = await pairWithChat(request);
  await callApi(request, aliceToken, '/user/messages', {
    conversation_id: chatId,
    uuid: randomUUID(),
    message: 'Shall we ship it today?',
  });
  const a = await open(browser, alice, chatId);
  const b = await open(browser, bob, chatId);
  const question = 'Shall we ship it today?';

  // Bob reacts from the menu's quick bar.
  await bubble(b, question).click({ button: 'right' });
  await b.locator('[data-testid="reaction-quick"][data-emoji="👍"]').click();
  await expect(chip(b, question, '👍')).toHaveText('👍1');
  await expect(chip(b, question, '👍')).toHaveAttribute('aria-pressed', 'true');

  // Alice sees it live, not pressed (not hers); she adds the same one: 2.
  await expect(chip(a, question, '👍')).toHaveText('👍1');
  await expect(chip(a, question, '👍')).toHaveAttribute('aria-pressed', 'false');
  await chip(a, question, '👍').click();
  await expect(chip(a, question, '👍')).toHaveText('👍2');
  await expect(chip(b, question, '👍')).toHaveText('👍2');

  // Any emoji, from the picker in the menu: Bob's one reaction becomes 🦄.
  await bubble(b, question).click({ button: 'right' });
  await b.getByTestId('reaction-more').click();
  await b.getByTestId('emoji-picker').locator('input').fill('unicorn');
  await b.getByTestId('emoji-picker').getByRole('button', { name: '🦄' }).first().click();
  await expect(chip(a, question, '🦄')).toHaveText('🦄1');
  await expect(chip(a, question, '👍')).toHaveText('👍1');

  // Who reacted: both names.
  await bubble(a, question).getByTestId('reactions-who').click();
  await expect(a.getByTestId('reactors')).toContainText(alice.name);
  await expect(a.getByTestId('reactors')).toContainText(bob.name);
  await saveScreenshot(a, 'reactions-desktop-en');
  await a.keyboard.press('Escape');
  await expect(a.getByTestId('reactors')).toHaveCount(0);

  // Bob takes his back: the chip goes on both sides.
  await chip(b, question, '🦄').click();
  await expect(chip(b, question, '🦄')).toHaveCount(0);
  await expect(chip(a, question, '🦄')).toHaveCount(0);

  // The composer's picker: a chunk of its own, loaded on first open;
  // Escape closes it; a pick goes in at the cursor.
  const input = a.getByTestId('composer-input');
  await input.fill('Ship it ');
  await input.press('End');
  const chunk = a.waitForResponse((r) => /EmojiPickerPanel/.test(r.url()));
  await a.getByTestId('composer-emoji').click();
  await chunk;
  await expect(a.getByTestId('emoji-picker').locator('em-emoji-picker')).toBeVisible();
  await a.keyboard.press('Escape');
  await expect(a.getByTestId('emoji-picker')).toHaveCount(0);
  await a.getByTestId('composer-emoji').click();
  await a.getByTestId('emoji-picker').locator('input').fill('rocket');
  await a.getByTestId('emoji-picker').getByRole('button', { name: '🚀' }).first().click();
  await expect(input).toHaveValue('Ship it 🚀');
  await input.press('Enter');
  await expect(bubble(b, 'Ship it 🚀')).toBeVisible();
  // Text with an emoji keeps its bubble.
  await expect(bubble(b, 'Ship it 🚀')).not.toHaveClass(/is-emoji-only/);

  // Emoji alone: large, no bubble, on both sides.
  await input.fill('🎉🎉🎉');
  await input.press('Enter');
  await expect(bubble(a, '🎉🎉🎉')).toHaveClass(/is-emoji-only/);
  await expect(bubble(b, '🎉🎉🎉')).toHaveClass(/is-emoji-only/);
  const size = await bubble(b, '🎉🎉🎉')
    .getByTestId('message-text')
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThan(30);
  await saveScreenshot(b, 'emoji-only-desktop-en');
  await expectNoCspViolations(a);
  await expectNoCspViolations(b);

  // The screens: phone in English, desktop and phone in Russian.
  const bobToken = await tokenFor(request, bob);
  await callApi(
    request,
    bobToken,
    `/user/messages/${await lastId(request, bobToken, chatId)}/reactions`,
    {
      emoji: '🔥',
    },
  );
  for (const [name, viewport, locale] of [
    ['phone-en', phone, 'en'],
    ['desktop-ru', desktop, 'ru'],
    ['phone-ru', phone, 'ru'],
  ] as const) {
    const page = await open(browser, alice, chatId, viewport, locale);
    await expect(chip(page, question, '👍')).toBeVisible();
    await saveScreenshot(page, `reactions-${name}`);
    await bubble(page, question).getByTestId('message-menu').click();
    await expect(page.getByTestId('reaction-more')).toBeVisible();
    await saveScreenshot(page, `reactions-menu-${name}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('composer-emoji').click();
    await expect(page.getByTestId('emoji-picker').locator('em-emoji-picker')).toBeVisible();
    await page.waitForTimeout(300);
    await saveScreenshot(page, `emoji-picker-${name}`);
    await expectNoCspViolations(page);
    await page.context().close();
  }
});

async function lastId(
  request: Parameters<typeof callApi>[0],
  token: string,
  chatId: number,
): Promise<number> {
  const res = await request.get(`/api/v1/user/conversations/${chatId}/messages`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { messages: { id: number }[] };
  return body.messages.at(-1)?.id ?? 0;
}
