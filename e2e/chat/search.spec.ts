import { expect, test } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { pairWithChat } from '../support/chats';
import { signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Global search: the sidebar box finds messages of the user's chats with the
// matched words marked; picking one opens its chat around it (far back in
// history: the window around it is loaded) and outlines it. Arrow keys and
// Enter pick a result, Escape clears the box. Desktop and phone width.

const FILLER = 120; // more than two pages of 50 between the old match and the newest

test('search finds a message and jumps to it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { alice, bob, chatId } = await pairWithChat(request);
  const token = await tokenFor(request, bob);
  const send = (message: string) =>
    callApi<{ id: number }>(request, token, '/user/messages', {
      conversation_id: chatId,
      uuid: crypto.randomUUID(),
      message,
    });
  const old = await send('The lighthouse key is under the blue stone');
  for (let i = 1; i <= FILLER; i++) await send(`filler ${i}`);
  const recent = await send('Lighthouse tour on Sunday?');

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, alice);
  const box = page.locator('input[name="search"]');
  const bubble = (text: string) =>
    page
      .getByTestId('message')
      .filter({ has: page.getByTestId('message-text').getByText(text, { exact: true }) });

  // Both messages, newest first, the word marked in each snippet.
  await box.fill('lightho');
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('heading', { name: 'Messages' })).toBeVisible();
  const oldRow = page.getByTestId(`search-m${old.id}`);
  const recentRow = page.getByTestId(`search-m${recent.id}`);
  await expect(oldRow).toBeVisible();
  await expect(recentRow).toBeVisible();
  await expect(oldRow.locator('mark')).toHaveText(['lighthouse']);
  await expect(recentRow.locator('mark')).toHaveText(['Lighthouse']);
  await expect(results.getByRole('option')).toHaveCount(2);
  expect(await results.getByRole('option').first().getAttribute('data-testid')).toBe(
    `search-m${recent.id}`,
  );
  await saveScreenshot(page, 'search-results');

  // The old one: the chat opens around it (the newest page is not loaded) and it is outlined.
  await oldRow.click();
  await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
  const target = bubble('The lighthouse key is under the blue stone');
  await expect(target).toBeVisible();
  await expect(target).toHaveClass(/is-highlighted/);
  await expect(bubble('Lighthouse tour on Sunday?')).toHaveCount(0);
  await saveScreenshot(page, 'search-jumped');

  // Keyboard: down to the first result (the newest), Enter opens it.
  await box.focus();
  await box.press('ArrowDown');
  await expect(recentRow).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(bubble('Lighthouse tour on Sunday?')).toHaveClass(/is-highlighted/);

  // Escape empties the box and brings the conversation list back.
  await box.press('Escape');
  await expect(box).toHaveValue('');
  await expect(results).toHaveCount(0);
  await expect(page.getByTestId(`conversation-${chatId}`)).toBeVisible();

  // Nothing matches: the empty state.
  await box.fill('zeppelin');
  await expect(page.getByTestId('search-empty')).toHaveText('No results');

  // Phone width: the results fill the screen; a pick shows the chat alone, at the message.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chat');
  await box.fill('lighthouse');
  await expect(page.getByTestId(`search-m${old.id}`)).toBeVisible();
  await saveScreenshot(page, 'search-results-phone');
  await page.getByTestId(`search-m${old.id}`).click();
  await expect(target).toBeVisible();
  await expect(target).toHaveClass(/is-highlighted/);
  await saveScreenshot(page, 'search-jumped-phone');
  await context.close();
});
