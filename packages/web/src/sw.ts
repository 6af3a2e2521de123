/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';

// The app-shell service worker (built to /sw.js by vite-plugin-pwa,
// injectManifest). Push handling arrives with its own issue.

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// Take over at once so a deploy reaches open tabs; the page reloads once
// when that happens (app/service-worker.ts).
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// Registered BEFORE the precache route so it wins for navigations:
// network first, because the server fills the CSRF meta tag into
// index.html on every load; the precached shell only serves offline.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  event.respondWith(
    fetch(request).catch(async () => (await matchPrecache('/index.html')) ?? Response.error()),
  );
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
