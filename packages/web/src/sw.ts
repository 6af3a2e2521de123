/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import {
  OPEN_CONVERSATION_MESSAGE,
  conversationIdOf,
  conversationPath,
} from './features/notifications/click';
import type { OpenConversationMessage } from './features/notifications/click';
import { cachePictures } from './sw-pictures';
import { parsePush, showPush } from './sw-push';

// The app-shell service worker (built to /sw.js by vite-plugin-pwa,
// injectManifest). It also shows Web Push notifications (sw-push.ts), owns
// the clicks on every message notification, and keeps chat pictures for
// offline reading (sw-pictures.ts).

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Static routing (Chrome 123+), not yet in TypeScript's lib. */
type RouterRule = {
  condition: { urlPattern: { pathname: string } };
  source: 'network';
};
type InstallEvent = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };

/**
 * Requests the browser routes itself, without starting this worker and
 * running its fetch handlers once per request (static routing): the API,
 * and the content-hashed scripts and styles. Those go to the network, that
 * is the HTTP cache first: they are served `immutable` for a year, so a
 * return visit, offline too, reads them from the browser's own cache. Read
 * from the precache (CacheStorage) instead, the chat's twenty-odd chunks
 * made a return visit's list paint 60–110 ms later (bench web, "from
 * cache", two pairs: 440 / 501 → 379 / 392 ms p50). The precache still
 * holds them, for browsers without static routing (the handlers below give
 * the same answers) and for the offline shell's index.html.
 */
const STATIC_ROUTES: RouterRule[] = [
  // The API is not the worker's business (see the fetch handler below),
  // except pictures (sw-pictures.ts: /api/v1/files, avatars, link-preview
  // images), so the calls are listed by their prefixes rather than /api/*
  // (static routing takes no regular expressions). The rare others (sign-in,
  // health) pass the fetch handler, which leaves them to the network.
  { condition: { urlPattern: { pathname: '/api/v1/user/*' } }, source: 'network' },
  { condition: { urlPattern: { pathname: '/api/v1/users/*' } }, source: 'network' },
  { condition: { urlPattern: { pathname: '/api/v1/ws' } }, source: 'network' },
  { condition: { urlPattern: { pathname: '/assets/*' } }, source: 'network' },
  { condition: { urlPattern: { pathname: '/js/chunks/*' } }, source: 'network' },
];

// Take over at once so a deploy reaches open tabs; the page reloads once
// when that happens (app/service-worker.ts).
self.addEventListener('install', (event: InstallEvent) => {
  // Without the routes the handlers still serve everything.
  if (event.addRoutes) event.waitUntil(event.addRoutes(STATIC_ROUTES).catch(() => undefined));
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  // Navigation preload: the browser sends a navigation's request while this
  // worker starts (or wakes), instead of after the handler below asked for it.
  event.waitUntil(
    // Older browsers (Safari before 15.4) have no navigation preload.
    Promise.all([self.clients.claim(), self.registration.navigationPreload?.enable()]),
  );
});

// Registered BEFORE the precache route so it wins for navigations:
// network first, because the server fills the CSRF meta tag into
// index.html on every load; the precached shell only serves offline.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  event.respondWith(networkFirst(event));
});

/**
 * The navigation's reply from the network: the preloaded one when the
 * browser sent it (a return visit's page request then goes out while this
 * worker starts, not once it runs), else a fetch of its own; offline, the
 * precached shell.
 */
async function networkFirst(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? (await fetch(event.request));
  } catch {
    return (await matchPrecache('/index.html')) ?? Response.error();
  }
}

// A push from the server (docs/PUSH.md). One that does not parse (another
// version's, or garbage) is ignored.
self.addEventListener('push', (event) => {
  const payload = parsePush(event.data);
  if (!payload) return;
  event.waitUntil(showPush(payload));
});

// A click on a message notification (a tab's or a push's): bring a tab
// of the app forward and open that conversation in it — a tab already on
// it, else a visible one, else any — or open a new window on the chat.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const id = conversationIdOf(event.notification.data);
  if (id === null) return;
  event.waitUntil(openConversation(id));
});

async function openConversation(id: number): Promise<void> {
  const path = conversationPath(id);
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const rank = (tab: WindowClient) =>
    new URL(tab.url).pathname === path ? 0 : tab.visibilityState === 'visible' ? 1 : 2;
  const tab = [...tabs].sort((a, b) => rank(a) - rank(b))[0];
  if (!tab) {
    await self.clients.openWindow(path);
    return;
  }
  const message: OpenConversationMessage = { type: OPEN_CONVERSATION_MESSAGE, conversation_id: id };
  tab.postMessage(message);
  await tab.focus();
}

cachePictures();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
