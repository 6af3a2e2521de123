import { settledWithin } from './settled-within';

/** How long logout waits for a service worker install under way (a slow network's precache). */
export const INSTALL_WAIT_MS = 3000;

/** A worker in these states is done with Cache Storage: past install and activate, or dropped. */
const SETTLED: ServiceWorkerState[] = ['activated', 'redundant'];

/**
 * Settles once the service worker being installed or activated, if any, is
 * done with both. Workbox writes the precache while installing and opens it
 * again while activating (sw.ts; opening creates it), so a cache deleted
 * meanwhile comes back: a logout soon after the first visit (the worker
 * registers once the page is idle) otherwise left the precache behind.
 */
async function workerSettled(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const workers = [registration?.installing, registration?.waiting, registration?.active];
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (!worker) return resolve();
          const check = () => {
            if (!SETTLED.includes(worker.state)) return;
            worker.removeEventListener('statechange', check);
            resolve();
          };
          worker.addEventListener('statechange', check);
          check();
        }),
    ),
  );
}

async function deleteAll(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

/**
 * Logout (spec 4): drop every Cache Storage entry this origin holds, once a
 * service worker install under way is done. One slower than INSTALL_WAIT_MS
 * does not hold the logout up: its precache is dropped once it is done.
 */
export async function clearCacheStorage(): Promise<void> {
  if (typeof caches === 'undefined') return; // insecure origins and old browsers have none
  const install = workerSettled().catch(() => undefined); // no registration to ask: clear now
  const waited = await settledWithin(install, INSTALL_WAIT_MS);
  await deleteAll();
  if (!waited) void install.then(deleteAll).catch(() => undefined);
}
