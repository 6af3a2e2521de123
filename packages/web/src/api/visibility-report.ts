import { sendRealtime } from './socket';

// Tells the server whether this tab is on screen (client frame
// `visibility`), so Web Push leaves this device out while it is: the tab's
// own notifier covers it then. Runs only while push is on for this device
// (loaded on demand: by sync/realtime.ts on each ready, by the push switch when turned on). Repeated each minute while visible,
// since the server forgets a "visible" after 90 s (a tab that crashed must
// not silence pushes for long). docs/PUSH.md.

const REPEAT_MS = 60_000;

let started = false;

const report = () =>
  sendRealtime({ op: 'visibility', visible: document.visibilityState === 'visible' });

export function startVisibilityReport(): void {
  report(); // each (re)connect: the new socket starts unknown on the server
  if (started) return;
  started = true;
  document.addEventListener('visibilitychange', report);
  setInterval(() => {
    if (document.visibilityState === 'visible') report();
  }, REPEAT_MS);
}
