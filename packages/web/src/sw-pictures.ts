/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';

// Pictures in chats (message images and their thumbnails, avatars, link
// preview images) are kept by the worker, so a chat read offline shows
// them instead of broken images. Their URLs never change content (a file's
// key is per upload, an avatar's name per upload), so cache first. The
// cache is the user's: logout clears Cache Storage (spec 4).

export const PICTURES_CACHE = 'parley-pictures';

const PICTURE_PATHS =
  /^\/api\/v1\/(files\/[^/]+(\/thumbnail)?|avatars\/[^/]+|link-previews\/images\/[^/]+)$/;

export function isPictureRequest(url: URL, request: Request): boolean {
  return (
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    request.destination === 'image' &&
    PICTURE_PATHS.test(url.pathname)
  );
}

export function cachePictures(): void {
  registerRoute(
    ({ url, request }) => isPictureRequest(url, request),
    new CacheFirst({
      cacheName: PICTURES_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({
          maxEntries: 800,
          maxAgeSeconds: 30 * 24 * 3600,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}
