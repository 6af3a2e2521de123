import { parseArgs, stringFlag } from '../lib/args';
import type { Page } from 'playwright-core';
import { launch } from './browser';

// Bytes on the wire for a first visit to /chat (issue 19: ≤ 250 KB), read from
// Chromium's own count (CDP Network.loadingFinished encodedDataLength:
// headers + body as transferred), on a fresh profile over an emulated slow
// link (1.6 Mbit/s down, 150 ms RTT: DevTools' old "Fast 3G"). The page's
// requests only; the service worker's precache after load is not counted.
// `node --import tsx bench/web/first-load.ts --url http://127.0.0.1:8080
// [--identity] [--signed-in]` against a running server; --identity sends
// `Accept-Encoding: identity`, i.e. what the server sent before compression;
// --signed-in registers and signs in first (the chat screen, not the
// landing page), then empties the cache and loads /chat again.

const args = parseArgs(process.argv.slice(2));
const url = stringFlag(args, 'url') ?? 'http://127.0.0.1:8080';
const identity = args.flags.has('identity');
const signedIn = args.flags.has('signed-in');

async function signIn(page: Page): Promise<void> {
  const tag = Date.now().toString(36);
  const account = {
    name: `bench ${tag}`,
    username: `bench${tag}`,
    login: `bench-${tag}@example.test`,
    password: `pw-${tag}-long`,
  };
  const request = page.context().request;
  await request.get(`${url}/api/v1/health`);
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  const res = await request.post(`${url}/api/v1/register`, {
    data: account,
    headers: csrf ? { 'X-CSRF-TOKEN': csrf.value } : {},
  });
  if (!res.ok()) throw new Error(`register: ${res.status()} ${await res.text()}`);
  await page.goto(`${url}/`);
  await page.getByTestId('tab-login').click();
  await page.locator('input[name="login"]').fill(account.login);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByTestId('submit-login').click();
  await page.getByTestId('chat-shell').waitFor();
}

const browser = await launch();
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  if (signedIn) await signIn(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  if (identity) {
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  }
  const urls = new Map<string, string>();
  const bytes = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
  const started = Date.now();
  await page.goto(`${url}/chat`, { waitUntil: 'networkidle' });
  if (signedIn) await page.getByTestId('chat-shell').waitFor();
  const loadedMs = Date.now() - started;
  let total = 0;
  for (const [id, size] of [...bytes].sort((a, b) => b[1] - a[1])) {
    total += size;
    const path = new URL(urls.get(id) ?? url).pathname;
    process.stdout.write(`  ${path.padEnd(56)} ${(size / 1024).toFixed(1).padStart(8)} KB\n`);
  }
  process.stdout.write(
    `first load of /chat${signedIn ? ' (signed in)' : ''}${identity ? ' (Accept-Encoding: identity)' : ''}: ` +
      `${bytes.size} requests, ` +
      `${(total / 1024).toFixed(1)} KB transferred, network idle after ${loadedMs} ms\n`,
  );
} finally {
  await browser.close();
}
