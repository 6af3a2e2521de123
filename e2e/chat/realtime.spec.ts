import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Page, Route } from '@playwright/test';
import { readCacheRow } from '../support/cache';
import { pairWithChat } from '../support/chats';
import { signInByUi } from '../support/users';
import type { Account } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Realtime over the WebSocket: two people in two browser contexts, no reloads
// (typing, presence, live messages, live unread); then the local cache on a
// reload with the network held back, and the offline queue.

const LIVE = { timeout: 5_000 };

async function signedIn(browser: Browser, account: Account): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInByUi(page, account);
  return [context, page];
}

const bubble = (page: Page, text: string) =>
  page.getByTestId('message').filter({ hasText: text }).last();

test('two users chat live: typing, presence, messages, unread', async ({ browser, request }) => {
  const { alice, bob, chatId } = await pairWithChat(request);

  const [, b] = await signedIn(browser, bob);
  const [, a] = await signedIn(browser, alice);
  // While connected, messages go over the socket (op `send`), not by POST.
  const posts: string[] = [];
  for (const page of [a, b]) {
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/user/messages') {
        posts.push(r.url());
      }
    });
  }
  await a.goto(`/chat/${chatId}`);
  await expect(a.getByTestId('chat-title')).toHaveText(bob.name);

  // Presence: Bob is connected, so Alice sees him online (dot and header).
  await expect(a.getByTestId('chat-subtitle')).toHaveText('online', LIVE);
  await expect(a.getByTestId('chat-open').getByTestId('online-dot')).toBeVisible();
  const rowOnB = b.getByTestId(`conversation-${chatId}`);
  await expect(rowOnB.getByTestId('online-dot')).toBeVisible(LIVE);

  // Typing shows in Bob's list row while Alice types, and goes when she sends.
  const input = a.getByTestId('composer-input');
  await input.pressSequentially('live hel');
  await expect(rowOnB.getByTestId('conversation-typing')).toHaveText(
    `${alice.name} is typing…`,
    LIVE,
  );
  await saveScreenshot(b, 'realtime-list-typing');
  await input.fill('live hello');
  await input.press('Enter');
  await expect(rowOnB.getByTestId('conversation-preview')).toHaveText('live hello', LIVE);
  await expect(rowOnB.getByTestId('conversation-typing')).toHaveCount(0);

  // Unread rises live while Bob's chat is not open.
  await expect(rowOnB.getByTestId('unread-badge')).toHaveText('1', LIVE);
  await input.fill('second one');
  await input.press('Enter');
  await expect(rowOnB.getByTestId('unread-badge')).toHaveText('2', LIVE);

  // Opening clears it; Alice's messages turn read on her side without a reload.
  await rowOnB.click();
  await expect(bubble(b, 'second one')).toBeVisible();
  await expect(rowOnB.getByTestId('unread-badge')).toHaveCount(0);
  await expect(bubble(a, 'second one').getByTestId('tick-read')).toBeVisible(LIVE);

  // Bob types: the header on Alice's side says so; his reply arrives live.
  const bobInput = b.getByTestId('composer-input');
  await bobInput.pressSequentially('hi al');
  await expect(a.getByTestId('chat-typing')).toHaveText(`${bob.name} is typing…`, LIVE);
  await saveScreenshot(a, 'realtime-header-typing');
  await bobInput.fill('hi alice, live');
  await bobInput.press('Enter');
  await expect(bubble(a, 'hi alice, live')).toBeVisible(LIVE);
  await expect(a.getByTestId('chat-typing')).toHaveCount(0);
  // Read at once, since Alice has the chat open and visible: no badge on her row.
  await expect(a.getByTestId(`conversation-${chatId}`).getByTestId('unread-badge')).toHaveCount(0);
  await expect(b.getByTestId('message')).toHaveCount(3); // each once: no duplicated echo
  expect(posts).toEqual([]);
});

test('a reload shows the list from the cache even when nothing changed since it loaded', async ({
  browser,
  request,
}) => {
  const { alice, chatId } = await pairWithChat(request);

  const [, a] = await signedIn(browser, alice);
  // Start from no cache (signing in opened the chat, which wrote one), on a
  // page without the chat so that nothing writes it again meanwhile.
  await a.goto('/main');
  await a.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const deletion = indexedDB.deleteDatabase('parley-cache');
        deletion.onsuccess = () => resolve();
        deletion.onerror = () => reject(deletion.error ?? new Error('cache not deleted'));
      }),
  );
  // A page load on the chat: its first page usually lands before the cache
  // read is done. The socket never answers, so no event changes the stores
  // afterwards (a change would trigger a write and hide a missing one).
  await a.routeWebSocket(/\/api\/v1\/ws$/, () => undefined);
  await a.goto('/chat');
  await expect(a.getByTestId(`conversation-${chatId}`)).toBeVisible();
  // The write is debounced: wait until the chat's row is in IndexedDB.
  await expect.poll(() => readCacheRow(a, 'conversations', chatId)).not.toBeNull();

  // The list never answers now: a row on screen can only come from IndexedDB.
  await a.route('**/api/v1/user/conversations**', () => undefined);
  await a.reload();
  await expect(a.getByTestId(`conversation-${chatId}`)).toBeVisible();
});

test('a reload renders from the cache first; a message sent offline waits and goes', async ({
  browser,
  request,
}) => {
  const { alice, bob, chatId } = await pairWithChat(request);

  const [context, a] = await signedIn(browser, alice);
  const [, b] = await signedIn(browser, bob);
  await a.goto(`/chat/${chatId}`);
  await a.getByTestId('composer-input').fill('kept in the cache');
  await a.getByTestId('composer-input').press('Enter');
  await expect(bubble(a, 'kept in the cache').getByTestId('tick-sent')).toBeVisible();
  // The write is debounced: wait until IndexedDB holds what the reload shows
  // (the message in the thread, and as the list row's last message).
  await expect
    .poll(async () => {
      const [thread, row] = await Promise.all([
        readCacheRow(a, 'threads', chatId),
        readCacheRow(a, 'conversations', chatId),
      ]);
      return {
        inThread: thread?.messages.some((m) => m.message === 'kept in the cache') ?? false,
        last: row?.data.current_user.last_message?.message,
      };
    })
    .toEqual({ inThread: true, last: 'kept in the cache' });

  // Hold the list and the history back: what shows comes from IndexedDB.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await a.route('**/api/v1/user/conversations**', hold);
  await a.reload();
  await expect(bubble(a, 'kept in the cache')).toBeVisible();
  await expect(a.getByTestId(`conversation-${chatId}`)).toContainText('kept in the cache');
  release(); // the held requests (and later ones) go on to the server

  // Offline: the message stays pending (clock), then goes when the network is back.
  await expect(a.getByTestId('chat-subtitle')).toHaveText('online', LIVE);
  await context.setOffline(true);
  await a.getByTestId('composer-input').fill('written offline');
  await a.getByTestId('composer-input').press('Enter');
  const pending = bubble(a, 'written offline');
  await expect(pending.getByTestId('tick-sending')).toBeVisible();
  // Our own connection is down: Bob's presence is unknown, not "online".
  await expect(a.getByTestId('chat-subtitle')).toHaveText('last seen recently');
  await expect(a.getByTestId('offline-banner')).toBeVisible();
  await a.waitForTimeout(1000);
  await expect(pending.getByTestId('tick-sending')).toBeVisible();
  await saveScreenshot(a, 'realtime-offline-pending');
  await context.setOffline(false);
  await expect(pending.getByTestId('tick-sent')).toBeVisible(LIVE);
  await expect(a.getByTestId('chat-subtitle')).toHaveText('online', LIVE);
  await saveScreenshot(a, 'realtime-online');
  await b.getByTestId(`conversation-${chatId}`).click();
  await expect(bubble(b, 'written offline')).toBeVisible(LIVE);
  await expect(b.getByTestId('message').filter({ hasText: 'written offline' })).toHaveCount(1);
});
