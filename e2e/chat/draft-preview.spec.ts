import { expect, test } from '@playwright/test';
import { callApi } from '../support/api';
import { pairWithChat } from '../support/chats';
import { saveScreenshot } from '../support/screenshots';
import { signInByUi } from '../support/users';

// Spec 3 "a draft text per conversation": the chat list shows "Draft: …"
// (the word in red, like Telegram) in place of the last message while the
// chat is not open, and goes back to the last message once the draft is gone.

const shots = [
  { name: 'desktop-en-light', viewport: { width: 1280, height: 800 }, locale: 'en', dark: false },
  { name: 'phone-ru-dark', viewport: { width: 390, height: 844 }, locale: 'ru', dark: true },
] as const;

for (const shot of shots) {
  test(`chat list shows the draft of a chat that is not open (${shot.name})`, async ({
    browser,
    request,
  }) => {
    const { alice, chatId, aliceToken } = await pairWithChat(request);
    await callApi(request, aliceToken, '/user/messages', {
      conversation_id: chatId,
      uuid: crypto.randomUUID(),
      message: 'See you on Friday',
    });
    const context = await browser.newContext({
      viewport: shot.viewport,
      colorScheme: shot.dark ? 'dark' : 'light',
    });
    await context.addInitScript((locale) => {
      if (localStorage.getItem('locale') === null) localStorage.setItem('locale', locale);
    }, shot.locale);
    const page = await context.newPage();
    await signInByUi(page, alice);

    await page.goto(`/chat/${chatId}`);
    await page.getByTestId('composer-input').fill('half a thought');
    await page.goto('/chat');

    const row = page.getByTestId(`conversation-${chatId}`);
    const draft = row.getByTestId('conversation-draft');
    await expect(draft).toHaveText(
      `${shot.locale === 'ru' ? 'Черновик' : 'Draft'}: half a thought`,
    );
    await expect(row.getByTestId('conversation-preview')).toHaveCount(0);
    // The label is the danger red, not the muted grey of the rest of the line.
    const labelColor = await draft
      .locator('.conv-draft-label')
      .evaluate((el) => getComputedStyle(el).color);
    const textColor = await draft.evaluate((el) => getComputedStyle(el).color);
    expect(labelColor).not.toBe(textColor);
    await saveScreenshot(page, `draft-preview-${shot.name}`);

    // Clearing the draft brings the last message back.
    await row.click();
    await page.getByTestId('composer-input').fill('');
    await page.goto('/chat');
    await expect(row.getByTestId('conversation-preview')).toHaveText(/See you on Friday/);
    await expect(row.getByTestId('conversation-draft')).toHaveCount(0);
    await context.close();
  });
}
