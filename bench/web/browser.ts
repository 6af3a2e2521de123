import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';

// Chromium for the web scenario: Debian's binary with the e2e flags, a
// desktop-sized context signed in by placing the tokens where the app keeps
// them (the `token` cookie, `refresh_token` in localStorage: lib/tokens.ts),
// and probes injected before any app script: when the chat list first shows
// a screenful of rows, and (on demand) a frame-time and long-task recorder.

export interface Tokens {
  access: string;
  refresh: string;
}

declare global {
  interface Window {
    __bench: {
      listPaintedAt: number | null;
      frames: number[];
      longTasks: number[];
      recording: boolean;
    };
  }
}

/**
 * Runs in the page before the app: the list counts as painted in the frame
 * that first shows `rows` rows. Kept as source text: tsx compiles this file
 * with esbuild's keepNames, whose `__name()` wrappers do not exist in a page.
 */
const PROBE = `(rows) => {
  window.__bench = { listPaintedAt: null, frames: [], longTasks: [], recording: false };
  const observer = new MutationObserver(() => {
    if (window.__bench.listPaintedAt !== null) return;
    if (document.querySelectorAll('.conv-row').length >= rows) {
      observer.disconnect();
      requestAnimationFrame(() => { window.__bench.listPaintedAt = performance.now(); });
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  let last = 0;
  const frame = (t) => {
    if (window.__bench.recording && last > 0 && window.__bench.frames.length < 500000) {
      window.__bench.frames.push(t - last);
    }
    last = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  try {
    new PerformanceObserver((list) => {
      if (!window.__bench.recording) return;
      for (const entry of list.getEntries()) window.__bench.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  } catch {
    // no long-task timing in this browser: frames still tell
  }
}`;

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export async function signedInContext(
  browser: Browser,
  origin: string,
  tokens: Tokens,
  rows: number,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'token', value: tokens.access, url: origin }]);
  // Only once: the app rotates the refresh token, and replaying an old one revokes the session.
  await context.addInitScript({
    content: `if (!localStorage.getItem('refresh_token')) localStorage.setItem('refresh_token', ${JSON.stringify(tokens.refresh)});`,
  });
  await context.addInitScript({ content: `(${PROBE})(${Math.floor(rows)});` });
  return context;
}

/** Navigates and returns ms from navigation start to the list painted. */
export async function timeListPaint(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  try {
    await page.waitForFunction(() => window.__bench?.listPaintedAt != null, undefined, {
      timeout: 30_000,
      polling: 20,
    });
  } catch (error) {
    // Say where it got stuck: the page's address and how many rows it shows.
    const where = await page
      .evaluate(() => `${location.pathname}, ${document.querySelectorAll('.conv-row').length} rows`)
      .catch(() => 'unknown');
    throw new Error(`chat list not painted within 30 s (${where})`, { cause: error });
  }
  return page.evaluate(() => window.__bench.listPaintedAt as number);
}

/**
 * True once a returning visit would find what this one leaves behind: the
 * service worker active with nothing installing (its precache complete),
 * and the chat list in the IndexedDB cache. Source text, as PROBE is.
 */
const SETTLED = `(async () => {
  if ('serviceWorker' in navigator) {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration || !registration.active || registration.installing || registration.waiting) return false;
  }
  const names = (await indexedDB.databases()).map((d) => d.name);
  if (!names.includes('parley-cache')) return false;
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('parley-cache');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    if (!db.objectStoreNames.contains('conversations')) return false;
    const count = await new Promise((resolve, reject) => {
      const request = db.transaction('conversations').objectStore('conversations').count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return count > 0;
  } finally {
    db.close();
  }
})()`;

/**
 * Waits until the page has left what a returning visit uses (see SETTLED).
 * A fixed pause could reload while the service worker still downloads its
 * precache, timing that download as part of the "from cache" load, which a
 * user coming back later never pays.
 */
export async function settledForReturn(page: Page, timeoutMs = 20_000): Promise<void> {
  // Polled by hand: waitForFunction takes the promise SETTLED evaluates to
  // as a truthy answer and returns at once.
  const deadline = performance.now() + timeoutMs;
  while (!(await page.evaluate(SETTLED))) {
    if (performance.now() > deadline) {
      throw new Error(
        `the service worker or the IndexedDB cache did not settle within ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
