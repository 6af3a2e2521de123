// Spec 2: the service worker at the site root is registered once the page
// has loaded, and the page reloads once when a new worker takes control.

const RELOAD_MARK = 'parley:sw-reloaded-at';
/** A second takeover within this window is treated as a loop and not reloaded. */
const LOOP_WINDOW_MS = 30_000;

let reloading = false;

export function reloadOnce(now: number = Date.now()): boolean {
  if (reloading) return false;
  const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
  if (now - last < LOOP_WINDOW_MS) return false;
  reloading = true;
  sessionStorage.setItem(RELOAD_MARK, String(now));
  window.location.reload();
  return true;
}

async function register(): Promise<void> {
  // Loaded on demand so workbox-window stays out of the first paint.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('controlling', (event) => {
    // The first install also "controls" (clients.claim) but is not an update: no reload then.
    if (event.isUpdate) reloadOnce();
  });
  await wb.register();
}

/** Resolves when the browser is next idle (after the frames due now), or after `timeoutMs`. */
function idle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 200);
  });
}

/**
 * Registers once the page has loaded, `settled` (what the first screen
 * still fetches) is done and the browser is idle: installing precaches the
 * whole app, some fifty files, and started at the load event that download
 * competed with the chat's own chunks and first replies; and on a return
 * visit the registration (workbox-window's chunk, the update check) would
 * otherwise run before the chat list's first paint.
 */
export function registerServiceWorker(settled: Promise<unknown> = Promise.resolve()): void {
  // Never in dev (Vite serves modules, not the built shell) nor in tests.
  if (!import.meta.env.PROD || import.meta.env.MODE === 'test' || !('serviceWorker' in navigator))
    return;
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  void Promise.all([loaded, settled.catch(() => undefined)])
    .then(() => idle())
    .then(register)
    .catch((error: unknown) => console.error('Service worker registration failed', error));
}
