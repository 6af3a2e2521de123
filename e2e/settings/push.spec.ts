import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { fakePushManager, startPushService } from '../support/push-service';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// Web Push with no tab of the app open (docs/PUSH.md). Bob turns push on in
// Settings; the server gets his device's token; he closes Parley; Ann
// writes; the server pushes to the stand-in push service
// (support/push-service.ts), which hands the decrypted push to Bob's service
// worker through CDP; the worker shows the notification; a click opens the
// chat; logging out removes the token from the server. While the browser
// blocks notifications the switch says so and how to allow them.

test.describe.configure({ timeout: 120_000 });

const pushPort = Number(process.env.E2E_PUSH_PORT);

function subscriptionsFor(endpoint: string): number {
  const db = new Database(join(process.env.E2E_DATA_DIR ?? '', 'parley.sqlite'), {
    readonly: true,
  });
  try {
    const row = db
      .prepare('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?')
      .get(endpoint) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

type Shown = { title: string; body: string; tag: string; data: unknown };

/** The notifications Bob's browser shows, read in the service worker itself (no page needed). */
async function shownByWorker(context: BrowserContext): Promise<Shown[]> {
  for (const worker of [...context.serviceWorkers()].reverse()) {
    try {
      return await worker.evaluate(async () => {
        const scope = self as unknown as { registration: ServiceWorkerRegistration };
        const list = await scope.registration.getNotifications();
        return list.map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        }));
      });
    } catch {
      // A stopped worker's handle; try the next (newest first).
    }
  }
  return [];
}

/** The registration id CDP knows Bob's service worker by. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const ids: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => ids.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => ids.find((r) => r.scopeURL === `${origin}/`)?.registrationId)
    .toBeTruthy();
  return ids.find((r) => r.scopeURL === `${origin}/`)!.registrationId;
}

test('push with the tab closed: subscribe, pushed to the worker, shown, clicked, removed on logout', async ({
  browser,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const [ann, bob] = [newAccount('ann'), newAccount('bob')];
  for (const person of [ann, bob]) await registerByApi(request, person);
  const annToken = await tokenFor(request, ann);
  const chat = (
    await callApi<{ id: number }>(request, annToken, '/user/conversations/direct', {
      username: bob.username,
    })
  ).id;

  // A page of another origin stays open: CDP needs a target, and it is no page of the app.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['notifications'], { origin });
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  let workerRegistration = '';
  const service = await startPushService(pushPort, async (_device, plaintext) => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: workerRegistration,
      data: plaintext,
    });
  });
  try {
    const device = service.device(`bob-${Date.now()}`);
    await context.addInitScript(fakePushManager, device);

    // 1. Bob turns push on in Settings → Notifications.
    const page: Page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') console.log('page error:', m.text());
    });
    await signInByUi(page, bob);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.getByTestId('user-menu').click();
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-tab-notifications').click();
    const pushSwitch = page.getByTestId('switch-push');
    await pushSwitch.click(); // checked once the server has the token (asynchronous)
    await expect(pushSwitch).toBeChecked();
    // The token reached the server.
    await expect.poll(() => subscriptionsFor(device.endpoint)).toBe(1);
    workerRegistration = await registrationId(cdp, origin);

    // 2. Bob closes Parley; Ann writes.
    await page.close();
    await callApi(request, annToken, '/user/messages', {
      conversation_id: chat,
      uuid: crypto.randomUUID(),
      message: 'Are you there?',
    });
    await expect.poll(() => service.received.length, { timeout: 15_000 }).toBe(1);
    expect(service.received[0]?.vapid).toBe(true);
    expect(JSON.parse(service.received[0]!.payload)).toMatchObject({
      conversation_id: chat,
      title: ann.name,
      body: 'Are you there?',
    });
    // The worker showed it, with the conversation's tag.
    await expect
      .poll(() => shownByWorker(context), { timeout: 15_000 })
      .toEqual([
        {
          title: ann.name,
          body: 'Are you there?',
          tag: `parley-conversation-${chat}`,
          data: { conversation_id: chat },
        },
      ]);

    // 3. A click (dispatched in the worker: headless Chromium has no
    // notification to click) opens the chat in Bob's tab.
    const again = await context.newPage();
    await again.goto('/chat');
    await expect(again.getByTestId('user-menu')).toBeVisible();
    const worker = context.serviceWorkers().at(-1);
    await worker?.evaluate(async () => {
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
    await expect(again).toHaveURL(new RegExp(`/chat/${chat}$`));
    await expect(again.getByTestId('chat-title')).toHaveText(ann.name);

    // 4. Logout sends the token (firebase_token): the server forgets the device.
    await again.getByTestId('user-menu').click();
    await again.getByTestId('logout').click();
    await expect(again).toHaveURL(/\/$/);
    await expect.poll(() => subscriptionsFor(device.endpoint)).toBe(0);
  } finally {
    await service.close();
    await context.close();
  }
});

test('the push switch says when the browser blocks notifications, and how to allow them', async ({
  browser,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const bob = newAccount('bob');
  await registerByApi(request, bob);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    // The browser's own site setting, as a person would set it (CDP, this context only).
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    const setting = (value: 'denied' | 'granted') =>
      cdp.send('Browser.setPermission', {
        permission: { name: 'notifications' },
        setting: value,
        origin,
        browserContextId: targetInfo.browserContextId,
      });
    await setting('denied');
    await signInByUi(page, bob);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-tab-notifications').click();
    const device = page.getByTestId('settings-device-notifications');
    const pushSwitch = page.getByTestId('switch-push');
    await expect(pushSwitch).not.toBeChecked();
    await expect(pushSwitch).toBeDisabled();
    await expect(device).toContainText('The browser blocks notifications for this site');
    await expect(device).toContainText('Allow them in the site settings');
    // Allowed in the site settings: the switch can be used again, without a reload.
    await setting('granted');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(pushSwitch).toBeEnabled();
    await expect(device).toContainText('Notify on this device with no tab open');
  } finally {
    await context.close();
  }
});
