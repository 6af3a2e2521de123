import { expect, test } from '@playwright/test';

import { callApi, tokenFor } from '../support/api';
import { groupByApi } from '../support/chats';
import { sendFile, sendText } from '../support/messages';
import { gradientPng } from '../support/png';
import { saveScreenshot } from '../support/screenshots';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// A found message reads as the chat list shows its line: no formatting
// markers or code fences, spoilers masked, "Photo" before a caption, and a
// channel's post under the channel's name, never its poster's. (Seen in a
// walkthrough: `**big**`, fences and a spoiler's words in the results, and
// a channel post signed by the person who posted it.)

const SPOILER_MASK = '▒▒▒';

test('search results show the line as the list does, a channel post signed by the channel', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = newAccount('alice');
  const bob = newAccount('bob');
  await registerByApi(request, alice);
  await registerByApi(request, bob);
  const aliceToken = await tokenFor(request, alice);
  const groupId = await groupByApi(request, alice, aliceToken, 'Harbour crew', [bob]);
  const bobId = (await callApi<{ id: number }>(request, await tokenFor(request, bob), '/user')).id;
  const channel = await callApi<{ id: number }>(request, aliceToken, '/user/channels/create', {
    channel_name: 'Harbour news',
    member_ids: JSON.stringify([bobId]),
  });

  const formatted = await sendText(
    request,
    aliceToken,
    groupId,
    'The **big** quay ||sunk ship|| is _closed_',
  );
  const fenced = await sendText(
    request,
    aliceToken,
    groupId,
    'Quay code:\n```\nlet quay = 1;\n```',
  );
  const photo = await sendFile(
    request,
    aliceToken,
    groupId,
    { name: 'dawn.png', mimeType: 'image/png', buffer: gradientPng(64, 48) },
    'quay at dawn',
  );
  const post = await sendText(request, aliceToken, channel.id, 'Quay repairs start Monday');

  for (const [locale, device, viewport] of [
    ['en', 'desktop', { width: 1280, height: 800 }],
    ['fr', 'phone', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInByUi(page, bob);
    await page.evaluate((code) => localStorage.setItem('locale', code), locale);
    await page.goto('/chat');
    await page.locator('input[name="search"]').fill('quay');
    const snippet = (id: number) => page.getByTestId(`search-m${id}`).getByTestId('search-snippet');

    await expect(snippet(formatted)).toContainText(`The big quay ${SPOILER_MASK} is closed`);
    await expect(snippet(formatted)).not.toContainText('**');
    await expect(snippet(formatted)).not.toContainText('sunk');
    await expect(snippet(formatted).locator('mark')).toHaveText(['quay']);
    await expect(snippet(fenced)).toContainText('let quay = 1;');
    await expect(snippet(fenced)).not.toContainText('`');
    await expect(snippet(fenced).locator('mark')).toHaveText(['Quay', 'quay']);
    await expect(snippet(photo)).toContainText(locale === 'en' ? 'Photo: quay at dawn' : 'Photo');
    await expect(snippet(photo).locator('mark')).toHaveText(['quay']);
    // The group's lines carry their sender, the channel's post the channel.
    await expect(snippet(formatted)).toContainText(alice.name.slice(0, 10));
    await expect(snippet(post)).toContainText('Harbour news');
    await expect(page.getByTestId(`search-m${post}`)).not.toContainText(alice.name);
    await saveScreenshot(page, `search-lines-${device}-${locale}`);

    // A word only inside the spoiler finds the message and shows nothing of it.
    await page.locator('input[name="search"]').fill('sunk');
    await expect(page.getByTestId(`search-m${formatted}`)).toBeVisible();
    await expect(snippet(formatted)).not.toContainText('sunk');
    await expect(snippet(formatted)).toContainText(SPOILER_MASK);
    await context.close();
  }

  // Forwarded out of the channel, the post is still the channel's.
  const bobToken = await tokenFor(request, bob);
  await callApi(request, bobToken, '/user/messages/forward', {
    ids: [post],
    from_conversation_id: channel.id,
    to_conversation_id: groupId,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, alice);
  await page.goto(`/chat/${groupId}`);
  const forwarded = page
    .getByTestId('message')
    .filter({ hasText: 'Quay repairs start Monday' })
    .getByTestId('message-forwarded');
  await expect(forwarded).toHaveText('Forwarded from Harbour news');
  await context.close();
});
