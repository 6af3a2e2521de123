import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { THEME_BOOT_SCRIPT } from '@parley/protocol/theme';

/** The one inline script index.html carries (the theme before first paint), allowed by its hash. */
export const THEME_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/**
 * Helmet's security headers on every response. Helmet itself rather than
 * @fastify/helmet: that plugin calls `helmet(options)` on every request,
 * which parses and validates the whole CSP again each time (2.4 % of the
 * server's CPU in the fanout profile, bench/RESULTS.md). The middleware is
 * built once here and only applied per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const { https } = options;
  const apply = helmet({
    contentSecurityPolicy: {
      // Not helmet's defaults: upgrade-insecure-requests would break plain-http
      // self-hosting on a LAN address.
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // The app's own origin only: 'self' covers its ws:/wss: socket too
        // (CSP Level 3, checked in Chromium by the journeys' CSP watch).
        'connect-src': ["'self'"],
        // No 'unsafe-inline': the app ships every style as a file. React's
        // style props are set through the CSSOM, which CSP does not govern;
        // sonner's injected <style> is turned into its stylesheet at build
        // (packages/web/vite.config.ts).
        'style-src': ["'self'"],
        'script-src': ["'self'", THEME_BOOT_SCRIPT_HASH],
        'font-src': ["'self'", 'data:'],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15_552_000 } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet 8 throws instead of passing an error on; it only sets headers.
    apply(request.raw, reply.raw, () => done());
  });
}
