import type { Page } from 'playwright-core';
import { performance } from 'node:perf_hooks';

// Scrolls a conversation's history upwards the way a user flings through it:
// wheel events over the message list, each followed by the older page the
// list asks for (react-virtuoso's startReached). Counts what the history
// requests returned, so "10,000 messages scrolled" is what the app loaded,
// not a guess from pixels. Stops at the target, at the oldest message, or
// at the time bound.

export interface ScrollResult {
  loaded: number;
  reachedOldest: boolean;
  seconds: number;
  frames: number[];
  longTasks: number[];
}

export async function scrollUp(
  page: Page,
  conversationId: number,
  target: number,
  maxSeconds: number,
): Promise<ScrollResult> {
  let loaded = 0;
  let reachedOldest = false;
  let waiter: (() => void) | null = null;
  const path = `/api/v1/user/conversations/${conversationId}/messages`;
  page.on('response', (response) => {
    if (!response.url().includes(path) || response.status() !== 200) return;
    void response
      .json()
      .then((body: { messages?: unknown[]; has_older?: boolean }) => {
        loaded += body.messages?.length ?? 0;
        if (body.has_older === false) reachedOldest = true;
        waiter?.();
      })
      .catch(() => undefined);
  });

  await page.waitForSelector('.msg-scroller [data-testid="message"]', { timeout: 30_000 });
  const box = await page.locator('.msg-scroller').boundingBox();
  if (!box) throw new Error('no message list on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => {
    window.__bench.frames = [];
    window.__bench.longTasks = [];
    window.__bench.recording = true;
  });
  const started = performance.now();
  while (loaded < target && !reachedOldest && performance.now() - started < maxSeconds * 1000) {
    const next = new Promise<void>((resolve) => {
      waiter = resolve;
      setTimeout(resolve, 400);
    });
    await page.mouse.wheel(0, -4000);
    await next;
    waiter = null;
  }
  const seconds = (performance.now() - started) / 1000;
  const { frames, longTasks } = await page.evaluate(() => {
    window.__bench.recording = false;
    return { frames: window.__bench.frames, longTasks: window.__bench.longTasks };
  });
  return { loaded, reachedOldest, seconds, frames, longTasks };
}
