import { expect, test } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { groupByApi } from '../support/chats';
import { saveScreenshot } from '../support/screenshots';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// The "@" badge on a chat row when someone mentions you: it appears live,
// with the message (the socket's message.new, protocol sync/list-events.ts),
// not only after a reload; a message that does not name you leaves it off,
// and reading the chat takes it away.

const LIVE = { timeout: 5_000 };

test('a mention shows the @ badge on the row at once', async ({ browser, request }) => {
  const alice = newAccount('alice');
  const bob = newAccount('bob');
  await registerByApi(request, alice);
  await registerByApi(request, bob);
  const aliceToken = await tokenFor(request, alice);
  const group = { id: await groupByApi(request, alice, aliceToken, 'Mentions', [bob]) };
  const say = (message: string) =>
    callApi(request, aliceToken, '/user/messages', {
      conversation_id: group.id,
      uuid: crypto.randomUUID(),
      message,
    });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, bob);
  const row = page.getByTestId(`conversation-${group.id}`);
  await expect(row).toBeVisible();
  const badge = row.getByLabel('You were mentioned');

  // The group's "created" service line counts as unread (protocol group-notice.ts).
  await expect(row.getByTestId('unread-badge')).toHaveText('1');
  // A message that names someone else: unread, no badge.
  await say('hello @nobodyhere');
  await expect(row.getByTestId('conversation-preview')).toContainText('hello @nobodyhere', LIVE);
  await expect(row.getByTestId('unread-badge')).toHaveText('2');
  await expect(badge).toHaveCount(0);

  // One that names Bob: the badge, live.
  await say(`look @${bob.username}, the map`);
  await expect(row.getByTestId('conversation-preview')).toContainText('the map', LIVE);
  await expect(badge).toBeVisible(LIVE);
  await expect(row.getByTestId('unread-badge')).toHaveText('3');
  await saveScreenshot(page, 'mention-badge');

  // Reading the chat takes it away.
  await row.click();
  await expect(page.getByTestId('message-text').filter({ hasText: 'the map' })).toBeVisible();
  await expect(badge).toHaveCount(0, LIVE);
  await context.close();
});
