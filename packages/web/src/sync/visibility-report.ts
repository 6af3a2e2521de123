import type { ClientFrame } from '@parley/protocol/realtime';

// Tells the server whether this tab is on screen (client frame
// `visibility`), so Web Push leaves this device out while it is: the tab's
// own notifier covers it then. Runs only while push is on for this device
// (loaded on demand by realtime.ts at each `ready`; after push is turned
// on, from the next connect — until then the service worker, which shows
// nothing while a tab is visible, covers the gap). Repeated each minute
// while visible, since the server forgets a "visible" after 90 s (a tab
// that crashed must not silence pushes for long). docs/PUSH.md.

const REPEAT_MS = 60_000;

let started = false;

export function startVisibilityReport(send: (frame: ClientFrame) => boolean): void {
  const report = () => send({ op: 'visibility', visible: document.visibilityState === 'visible' });
  report(); // each (re)connect: the new socket starts unknown on the server
  if (started) return;
  started = true;
  document.addEventListener('visibilitychange', report);
  setInterval(() => {
    if (document.visibilityState === 'visible') report();
  }, REPEAT_MS);
}
