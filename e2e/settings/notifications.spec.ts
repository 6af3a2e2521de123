import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// Browser notifications in real Chromium, read back from the service
// worker's registration (`getNotifications()` lists what the browser is
// showing). Ann keeps her Saved Messages open; Bob and Cat write to her.

type Shown = { title: string; body: string; tag: string; icon: string; data: unknown };

/** What Ann's browser shows now, through the real service worker registration. */
const shown = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
    }));
  });

/**
 * Counts, in every page of a context, the notifications the app asked for
 * once the browser has them. A getNotifications() beside a
 * showNotification() can drop the new one from Chromium's list (the app
 * keeps its own calls apart: features/notifications/one-at-a-time.ts), so a
 * poll of `shown` could miss a notification the app did show. `shownAfter`
 * reads the list only once the expected shows have settled.
 */
const countShows = () => {
  const tally = window as unknown as { parleyShows?: number };
  const original = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function (...args) {
    return original.apply(this, args).then(() => {
      tally.parleyShows = (tally.parleyShows ?? 0) + 1;
    });
  };
};

/** `shown`, once this page has shown `count` notifications since it loaded. */
async function shownAfter(page: Page, count: number): Promise<Shown[]> {
  const shows = () => page.evaluate(() => (window as { parleyShows?: number }).parleyShows ?? 0);
  await expect.poll(shows).toBeGreaterThanOrEqual(count);
  return shown(page);
}

const dismissAll = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    for (const n of await registration.getNotifications()) n.close();
  });

async function send(
  request: APIRequestContext,
  token: string,
  conversationId: number,
  text: string,
) {
  await callApi(request, token, '/user/messages', {
    conversation_id: conversationId,
    uuid: crypto.randomUUID(),
    message: text,
  });
}

// Several sign-ins, a service worker install (the precache) and a reload per
// journey: give them room on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

const directWith = async (request: APIRequestContext, token: string, username: string) =>
  (await callApi<{ id: number }>(request, token, '/user/conversations/direct', { username })).id;

test('notifications follow the settings: shown, muted, paranoid, and a click opens the chat', async ({
  browser,
  request,
}) => {
  const [ann, bob, cat] = [newAccount('ann'), newAccount('bob'), newAccount('cat')];
  for (const person of [ann, bob, cat]) await registerByApi(request, person);
  const annToken = await tokenFor(request, ann);
  const bobToken = await tokenFor(request, bob);
  const catToken = await tokenFor(request, cat);
  const bobChat = await directWith(request, bobToken, ann.username);
  const catChat = await directWith(request, catToken, ann.username);
  const saved = await directWith(request, annToken, ann.username);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['notifications']);
  await context.addInitScript(countShows);
  const page = await context.newPage();
  await signInByUi(page, ann);
  await page.goto(`/chat/${saved}`);
  await expect(page.getByTestId('chat-title')).toBeVisible();
  // The worker is registered after the load event; wait until it is active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await dismissAll(page);

  // 1. Bob writes while Ann looks at another conversation: one notification.
  await send(request, bobToken, bobChat, 'Lunch at noon?');
  expect(await shownAfter(page, 1)).toEqual([
    {
      title: bob.name,
      body: 'Lunch at noon?',
      tag: `parley-conversation-${bobChat}`,
      icon: expect.stringMatching(/\/icons\/icon-192\.png$/),
      data: { conversation_id: bobChat },
    },
  ]);

  // A burst collapses into the conversation's one notification, showing the latest.
  await send(request, bobToken, bobChat, 'Or at one?');
  expect((await shownAfter(page, 2)).map((n) => n.body)).toEqual(['Or at one?']);

  // 2. A click (dispatched in the worker; headless Chromium has no notification
  // to click) opens Bob's chat in Ann's tab.
  const worker = context.serviceWorkers()[0];
  expect(worker).toBeDefined();
  await worker?.evaluate(async () => {
    // The worker's globals, typed here (this package's lib is DOM, not WebWorker).
    type Scope = {
      registration: ServiceWorkerRegistration;
      dispatchEvent: (event: Event) => boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const scope = self as unknown as Scope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification to click');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(new RegExp(`/chat/${bobChat}$`));
  await expect(page.getByTestId('chat-title')).toHaveText(bob.name);
  // Its history has loaded (a message racing the first page is another matter).
  await expect(page.getByTestId('message-history').getByText('Or at one?')).toBeVisible();
  // The clicked notification is closed.
  await expect.poll(() => shown(page)).toEqual([]);

  // 3. The conversation on screen does not notify; Cat's does (the anchor that
  // proves Bob's message was handled first).
  await send(request, bobToken, bobChat, 'You are looking at this');
  await expect(
    page.getByTestId('message-history').getByText('You are looking at this'),
  ).toBeVisible();
  await send(request, catToken, catChat, 'Cat here');
  expect((await shownAfter(page, 3)).map((n) => n.tag)).toEqual([`parley-conversation-${catChat}`]);
  await dismissAll(page);

  // 4. Bob's chat muted: nothing from Bob, while Cat still notifies.
  await page.getByTestId(`conversation-${saved}`).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${saved}$`));
  // Muted from another device: the page learns it over the socket.
  await callApi(request, annToken, `/user/conversations/${bobChat}/mute`, { value: true });
  await expect(page.getByTestId(`conversation-${bobChat}`).getByLabel('Muted')).toBeVisible();
  await send(request, bobToken, bobChat, 'quiet please');
  await expect(page.getByTestId(`conversation-${bobChat}`)).toContainText('quiet please');
  await send(request, catToken, catChat, 'still here');
  expect((await shownAfter(page, 4)).map((n) => n.body)).toEqual(['still here']);
  // And stays so: no late notification from the muted chat.
  await page.waitForTimeout(500);
  expect((await shown(page)).map((n) => n.body)).toEqual(['still here']);
  await dismissAll(page);

  // 5. Paranoid mode: the neutral text, no name, no message text.
  await callApi(request, annToken, '/user/settings/set-secret', {
    secret: '2718',
    secret_confirmation: '2718',
    secret_hint: 'e',
  });
  await callApi(request, annToken, '/user/paranoid', { on: true });
  // The reloaded socket must be live before Cat writes: a socket that says
  // hello after a list holding the message is owed no frame for it, and only
  // frames notify (a frame that comes after such a list still does:
  // notifier.test.ts). Waiting for a list response was not enough: the chat
  // mounts after the unlock and may fetch the list again, after Cat's message.
  const live = page
    .waitForEvent('websocket')
    .then((socket) =>
      socket.waitForEvent('framereceived', (frame) =>
        String(frame.payload).includes('"op":"ready"'),
      ),
    );
  await page.reload();
  await page.getByLabel('Passcode').fill('2718');
  await page.getByTestId('unlock').click();
  await expect(page.getByTestId('app-lock')).toHaveCount(0);
  await live;
  await send(request, catToken, catChat, 'the secret plan');
  await expect(page.getByTestId(`conversation-${catChat}`)).toContainText('the secret plan');
  // The reload started the count again.
  expect(await shownAfter(page, 1)).toEqual([
    {
      title: 'Parley',
      body: 'New message',
      tag: `parley-conversation-${catChat}`,
      icon: expect.stringMatching(/\/icons\/icon-192\.png$/),
      data: { conversation_id: catChat },
    },
  ]);
  await context.close();
});

test('with two tabs, one leads; a chat on screen in either tab does not notify', async ({
  browser,
  request,
}) => {
  const [ann, bob] = [newAccount('ann'), newAccount('bob')];
  for (const person of [ann, bob]) await registerByApi(request, person);
  const annToken = await tokenFor(request, ann);
  const bobToken = await tokenFor(request, bob);
  const bobChat = await directWith(request, bobToken, ann.username);
  const saved = await directWith(request, annToken, ann.username);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['notifications']);
  await context.addInitScript(countShows);
  // The first tab to start leads: it sits on Saved Messages.
  const leader = await context.newPage();
  await signInByUi(leader, ann);
  await leader.goto(`/chat/${saved}`);
  await expect(leader.getByTestId('chat-title')).toBeVisible();
  await leader.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await dismissAll(leader);
  // The second tab has Bob's chat on screen.
  const other = await context.newPage();
  await other.goto(`/chat/${bobChat}`);
  await expect(other.getByTestId('chat-title')).toHaveText(bob.name);

  await send(request, bobToken, bobChat, 'seen in the other tab');
  await expect(
    other.getByTestId('message-history').getByText('seen in the other tab'),
  ).toBeVisible();
  await expect(leader.getByTestId(`conversation-${bobChat}`)).toContainText(
    'seen in the other tab',
  );
  await leader.waitForTimeout(500);
  expect(await shown(leader)).toEqual([]);

  // The leader closes; the other tab takes over and, on Saved now, notifies.
  await leader.close();
  await other.getByTestId(`conversation-${saved}`).click();
  await expect(other).toHaveURL(new RegExp(`/chat/${saved}$`));
  await send(request, bobToken, bobChat, 'now you lead');
  // Its first notification since it loaded.
  expect((await shownAfter(other, 1)).map((n) => n.body)).toEqual(['now you lead']);
  await context.close();
});
