import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { callApi } from '../support/api';
import { pairWithChat } from '../support/chats';
import { gradientPng } from '../support/png';
import { signInByUi } from '../support/users';
import type { Account } from '../support/users';

// Settings → Profile: a new name and avatar reach the other user's chat list
// live (two browser contexts, no reload).

async function signedIn(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, account);
  return page;
}

test('a new name and avatar show up in the other user chat list', async ({ browser, request }) => {
  const { alice, bob, chatId, aliceToken } = await pairWithChat(request);
  // One message so the chat is in Bob's list.
  await callApi(request, aliceToken, '/user/messages', {
    conversation_id: chatId,
    uuid: crypto.randomUUID(),
    message: 'hello',
  });

  const b = await signedIn(browser, bob);
  const row = b.locator('.conv-row', { hasText: alice.name });
  await expect(row).toBeVisible();
  await expect(row.locator('img.avatar-photo')).toHaveCount(0);

  const a = await signedIn(browser, alice);
  await a.getByTestId('user-menu').click();
  await a.getByTestId('open-settings').click();
  await expect(a.getByTestId('settings-profile')).toBeVisible();
  const name = a.getByLabel('Name', { exact: true });
  await name.fill('Alice Renamed');
  await a.getByTestId('profile-save').click();
  await expect(a.getByTestId('settings-profile').getByText('Saved', { exact: true })).toBeVisible();
  await a.getByTestId('avatar-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: gradientPng(120, 90),
  });
  await expect(a.getByTestId('settings-profile').locator('img.avatar-photo')).toBeVisible();

  // Bob's list changes without a reload.
  const renamed = b.locator('.conv-row', { hasText: 'Alice Renamed' });
  await expect(renamed).toBeVisible();
  const photo = renamed.locator('img.avatar-photo');
  await expect(photo).toHaveAttribute('src', /^\/api\/v1\/avatars\/[0-9a-f]{32}\.jpg$/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // And a refusal shows under the picture.
  await a.getByTestId('avatar-input').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  await expect(a.getByTestId('error-avatar')).toHaveText('The file is not a JPEG or PNG image');
});
