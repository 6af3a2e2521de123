import { expect, test } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { newAccount, registerByApi } from '../support/users';

// A new account takes the browser's time zone (the server starts every
// account at UTC): a person in Yerevan registers and sees message times in
// Yerevan time (UTC+4 all year, so it can never pass as UTC), and Settings →
// Profile and GET /user name that zone.

const ZONE = 'Asia/Yerevan';

test.use({ timezoneId: ZONE });

test("registration sets the browser's time zone", async ({ page, request }) => {
  const bob = newAccount('bob');
  await registerByApi(request, bob);

  const alice = newAccount('alice');
  await page.goto('/');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(ZONE);
  await page.getByTestId('tab-register').click();
  await page.locator('input[name="name"]').fill(alice.name);
  await page.locator('input[name="username"]').fill(alice.username);
  await page.locator('input[name="login"]').fill(alice.login);
  await page.locator('input[name="password"]').fill(alice.password);
  await page.getByTestId('submit-register').click();
  await expect(page.getByTestId('chat-shell')).toBeVisible();

  // The server has it.
  const token = await tokenFor(request, alice);
  expect((await callApi<{ timezone: string }>(request, token, '/user')).timezone).toBe(ZONE);

  // A message's time is shown in that zone.
  await page.goto(`/to/${bob.username}`);
  await expect(page.getByTestId('chat-title')).toHaveText(bob.name);
  await page.getByTestId('composer-input').fill('what time is it there?');
  await page.getByTestId('composer-input').press('Enter');
  const bubble = page.getByTestId('message').filter({ hasText: 'what time is it there?' });
  await expect(bubble.getByTestId('tick-sent')).toBeVisible();
  const chatId = Number(/\/chat\/(\d+)$/.exec(page.url())?.[1]);
  const history = await callApi<{ messages: { message: string; created_at: string }[] }>(
    request,
    token,
    `/user/conversations/${chatId}/messages`,
  );
  const sent = history.messages.find((m) => m.message === 'what time is it there?');
  if (!sent) throw new Error('the message is not in the history');
  const inZone = (timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(new Date(sent.created_at));
  expect(inZone(ZONE)).not.toBe(inZone('UTC'));
  await expect(bubble.locator('.msg-time')).toHaveText(inZone(ZONE));

  // Settings → Profile shows it.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-profile')).toBeVisible();
  await expect(page.locator('#settings-timezone')).toHaveValue(ZONE);
});
