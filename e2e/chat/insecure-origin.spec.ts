import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// A self-hosted Parley reached over plain HTTP from another machine on the
// LAN (http://192.168.1.20:8080) is not a secure context: crypto.randomUUID,
// Web Locks, service workers and Cache Storage do not exist there. Chromium
// is told that `parley.test` is 127.0.0.1, so the page's origin is a plain
// http name (insecure, like a LAN address) while every byte still goes to
// the loopback server. PUBLIC_URL is unset, so the server allows the
// request's own scheme://Host as the Origin (WebSocket upgrade included).

const HOST = 'parley.test';

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});

/** The bubble whose own text is `text`. */
const bubble = (page: Page, text: string) =>
  page
    .getByTestId('message')
    .filter({ has: page.getByTestId('message-text').filter({ hasText: text }) })
    .last();

test('from a plain-HTTP origin a new user registers, sends and receives live', async ({
  browser,
  request,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  const lanOrigin = `http://${HOST}:${port}`;
  const bob = newAccount('bob');
  await registerByApi(request, bob);

  const context = await browser.newContext({
    baseURL: lanOrigin,
    viewport: { width: 1280, height: 800 },
  });
  const a = await context.newPage();
  // The socket's frames, to show the realtime runs from this origin too.
  const socketFrames: string[] = [];
  a.on('websocket', (ws) => {
    if (ws.url() === `ws://${HOST}:${port}/api/v1/ws`) {
      ws.on('framereceived', (frame) => socketFrames.push(String(frame.payload)));
    }
  });
  await a.goto('/');
  expect(new URL(a.url()).host).toBe(`${HOST}:${port}`);
  expect(await a.evaluate(() => window.isSecureContext)).toBe(false);
  expect(await a.evaluate(() => typeof crypto.randomUUID)).toBe('undefined');

  const alice = newAccount('alice');
  await a.getByTestId('tab-register').click();
  await a.locator('input[name="name"]').fill(alice.name);
  await a.locator('input[name="username"]').fill(alice.username);
  await a.locator('input[name="login"]').fill(alice.login);
  await a.locator('input[name="password"]').fill(alice.password);
  await a.getByTestId('submit-register').click();
  await expect(a.getByTestId('chat-shell')).toBeVisible();

  await a.goto(`/to/${bob.username}`);
  await expect(a.getByTestId('chat-title')).toHaveText(bob.name);
  const input = a.getByTestId('composer-input');
  await input.fill('hello over the LAN');
  await input.press('Enter');
  await expect(bubble(a, 'hello over the LAN').getByTestId('tick-sent')).toBeVisible();

  // Bob (on the loopback origin) gets it, and his answer reaches the LAN page live.
  const bobContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const b = await bobContext.newPage();
  await signInByUi(b, bob);
  await b.locator('.conv-row', { hasText: alice.name }).click();
  await expect(bubble(b, 'hello over the LAN')).toBeVisible();
  await b.getByTestId('composer-input').fill('heard you');
  await b.getByTestId('composer-input').press('Enter');
  await expect(bubble(a, 'heard you')).toBeVisible();
  expect(socketFrames.some((f) => f.includes('heard you'))).toBe(true);
  await expect(bubble(a, 'hello over the LAN').getByTestId('tick-read')).toBeVisible();

  await context.close();
  await bobContext.close();
});
