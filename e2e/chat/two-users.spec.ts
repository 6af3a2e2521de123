import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import type { Account } from '../support/users';

// Two people, two browser contexts, one direct chat. Changes reach the other
// side live over the WebSocket (no reloads); e2e/chat/realtime.spec.ts covers
// typing, presence, the cache and the offline queue.

async function signedIn(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, account);
  return page;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The bubble whose own text starts with `text` (not one that only quotes it in a reply). */
const bubble = (page: Page, text: string) =>
  page
    .getByTestId('message')
    .filter({
      has: page.getByTestId('message-text').filter({ hasText: new RegExp(`^${escape(text)}`) }),
    })
    .last();

async function act(page: Page, text: string, action: string) {
  await bubble(page, text).click({ button: 'right' });
  await page.getByTestId(`action-${action}`).click();
}

test('two users chat: send, unread, reply, edit, delete, forward, draft', async ({
  browser,
  request,
}) => {
  const alice = newAccount('alice');
  const bob = newAccount('bob');
  await registerByApi(request, alice);
  await registerByApi(request, bob);

  // Alice opens the chat by Bob's link and writes.
  const a = await signedIn(browser, alice);
  await a.goto(`/to/${bob.username}`);
  await expect(a).toHaveURL(/\/chat\/\d+$/);
  await expect(a.getByTestId('chat-title')).toHaveText(bob.name);
  const input = a.getByTestId('composer-input');
  await input.fill('hello bob');
  await input.press('Enter');
  await expect(bubble(a, 'hello bob').getByTestId('tick-sent')).toBeVisible();
  await input.fill('<img src=x onerror=alert(1)>');
  await input.press('Enter');
  await expect(bubble(a, '<img src=x onerror=alert(1)>')).toBeVisible();

  // Bob sees the chat with two unread; opening it clears the badge.
  const b = await signedIn(browser, bob);
  const row = b.locator('.conv-row', { hasText: alice.name });
  await expect(row.getByTestId('unread-badge')).toHaveText('2');
  // Two from Alice, and in System the welcome and the notice of this sign-in.
  await expect(b).toHaveTitle('(4) Parley');
  await row.click();
  await expect(b.getByTestId('unread-divider')).toBeVisible();
  await expect(bubble(b, '<img src=x').getByTestId('message-text')).toHaveText(
    '<img src=x onerror=alert(1)>',
  );
  await expect(b.locator('.msg-text img')).toHaveCount(0);
  await expect(row.getByTestId('unread-badge')).toHaveCount(0);
  await expect(b).toHaveTitle('(2) Parley');

  // Bob replies to the first message.
  await act(b, 'hello bob', 'reply');
  await expect(b.getByTestId('composer-reply')).toBeVisible();
  await b.getByTestId('composer-input').fill('hi alice');
  await b.getByTestId('composer-input').press('Enter');
  await expect(bubble(b, 'hi alice').getByTestId('message-reply')).toContainText('hello bob');

  // Alice sees it live, her messages now read; she edits, then deletes for everyone.
  await expect(bubble(a, 'hi alice').getByTestId('message-reply')).toContainText('hello bob');
  await expect(bubble(a, 'hello bob').getByTestId('tick-read')).toBeVisible();
  await act(a, 'hello bob', 'edit');
  await a.getByTestId('composer-input').fill('hello bob, edited');
  await a.getByTestId('composer-input').press('Enter');
  await expect(bubble(a, 'hello bob, edited')).toContainText('edited');
  await act(a, 'hello bob, edited', 'delete-everyone');
  // It cannot be undone: asked first (e2e/chat/dialogs.spec.ts covers Cancel).
  await a.getByTestId('confirm-ok').click();
  await expect(bubble(a, 'hello bob, edited')).toHaveCount(0);
  await expect(bubble(a, 'hi alice').getByTestId('message-reply')).toContainText('Deleted message');

  // Bob sees the deletion live.
  await expect(bubble(b, 'hi alice').getByTestId('message-reply')).toContainText('Deleted message');
  await expect(bubble(b, 'hello bob')).toHaveCount(0);

  // Bob forwards his reply to Saved Messages.
  await act(b, 'hi alice', 'forward');
  const dialog = b.getByTestId('forward-dialog');
  await dialog.getByRole('button', { name: 'Saved Messages' }).click();
  await b.locator('.conv-row[title="Saved Messages"]').click();
  await expect(b.getByTestId('chat-title')).toHaveText('Saved Messages');
  await expect(bubble(b, 'hi alice').getByTestId('message-forwarded')).toHaveText(
    `Forwarded from ${bob.name}`,
  );

  // A draft survives a reload.
  await b.getByTestId('composer-input').fill('unfinished thought');
  await b.reload();
  await expect(b.getByTestId('composer-input')).toHaveValue('unfinished thought');
});
