import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { callApi, tokenFor } from '../support/api';
import { pairWithChat } from '../support/chats';
import { newAccount, signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// The chat screen with a real conversation (a few dozen messages, replies,
// a long one, a link), desktop and phone, light and dark. Saved under
// e2e/screenshots/ (ignored by git) for a person to look at.

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

test('chat screens with history', async ({ browser, request }) => {
  const friend = { ...newAccount('friend'), name: 'Margaret Hamilton' };
  const {
    alice: me,
    chatId,
    aliceToken: myToken,
  } = await pairWithChat(request, newAccount('shot'), friend);
  const friendToken = await tokenFor(request, friend);
  const send = (token: string, message: string, parent_id?: number) =>
    callApi<{ id: number }>(request, token, '/user/messages', {
      conversation_id: chatId,
      uuid: randomUUID(),
      message,
      parent_id,
    });
  const lines = [
    'Morning! Did the build pass?',
    'Yes, all green on the second run.',
    'The flaky one again?',
    'Same test. I will look at it after lunch.',
    'Thanks 🙏',
  ];
  let question = 0;
  for (let i = 0; i < 30; i += 1) {
    const sent = await send(i % 3 === 0 ? friendToken : myToken, lines[i % lines.length] ?? '');
    if (i === 4) question = sent.id;
  }
  await send(
    myToken,
    'Found it: the timer was not cleared, see https://example.org/issue/42',
    question,
  );
  await send(
    friendToken,
    'Here is the long version, so we can see how a big message wraps. '.repeat(8).trim(),
  );
  await send(friendToken, '<img src=x onerror=alert(1)> should read as text');
  await send(friendToken, 'Are you coming to the review?');

  for (const [device, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ viewport, colorScheme: 'light' });
    const page = await context.newPage();
    await signInByUi(page, me);
    await saveScreenshot(page, `chat-list-${device}`);
    await page.goto(`/chat/${chatId}`);
    await expect(page.getByTestId('message').first()).toBeVisible();
    await page.waitForTimeout(300);
    await saveScreenshot(page, `conversation-${device}-light`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, `conversation-${device}-dark`);
    await context.close();
  }
});
