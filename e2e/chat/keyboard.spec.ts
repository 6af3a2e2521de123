import { expect, test } from '@playwright/test';
import { callApi } from '../support/api';
import { pairWithChat } from '../support/chats';
import { signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Spec 4 Keyboard: a custom keyboard set on the pivot (through the API, as a
// bot or an integration would) shows above the composer; a tap sends the
// button's text; removing it takes it away live.

test('a custom keyboard sends its buttons and goes away when removed', async ({
  browser,
  request,
}) => {
  const { alice, chatId, aliceToken } = await pairWithChat(request);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, alice);
  await page.getByTestId(`conversation-${chatId}`).click();
  await expect(page.getByTestId('custom-keyboard')).toHaveCount(0);

  // Set while the chat is open: the event brings it in without a reload.
  await callApi(request, aliceToken, `/user/conversations/${chatId}/keyboard`, {
    keyboard: [['Yes, I can make it', 'No'], ['Tell me more']],
  });
  const keyboard = page.getByTestId('custom-keyboard');
  await expect(keyboard.getByRole('button', { name: 'Tell me more' })).toBeVisible();
  await saveScreenshot(page, 'chat-keyboard-desktop');
  await page.setViewportSize({ width: 390, height: 780 });
  await saveScreenshot(page, 'chat-keyboard-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await keyboard.getByRole('button', { name: 'Yes, I can make it' }).click();
  await expect(page.locator('.msg-history').getByText('Yes, I can make it')).toBeVisible();

  await callApi(request, aliceToken, `/user/conversations/${chatId}/keyboard`, {
    keyboard: null,
  });
  await expect(page.getByTestId('custom-keyboard')).toHaveCount(0);
  await context.close();
});
