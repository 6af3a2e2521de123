import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@parley/protocol/constants';
import { MSG } from '@parley/protocol/messages';
import { bearerToken } from './authenticate';
import { HttpError } from './http-error';

// CSRF by double submit. Every response that arrives without a valid
// XSRF-TOKEN cookie sets one (readable by scripts, SameSite=Lax); the SPA
// also gets it in a <meta> tag (spa.ts). A state-changing /api request must
// echo it in X-CSRF-TOKEN — a cross-site page can neither read the cookie
// nor set the header. Requests that carry `Authorization: Bearer` are exempt:
// a cross-site form cannot add that header, and the token in it is the proof.

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSRF token in force for this request (the cookie's, or the one just issued). */
    csrfToken: string;
  }
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = CSRF_HEADER.toLowerCase();

export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function checkOrigin(request: FastifyRequest, publicUrl: string | null): void {
  // With a known public origin, a browser-sent Origin from anywhere else is refused outright.
  const origin = request.headers.origin;
  if (publicUrl && typeof origin === 'string' && origin !== publicUrl) {
    throw new HttpError(403, MSG.forbidden);
  }
}

export function registerCsrf(app: FastifyInstance, options: { publicUrl: string | null }): void {
  const secure = options.publicUrl?.startsWith('https://') ?? false;
  app.decorateRequest('csrfToken', '');

  app.addHook('onRequest', async (request, reply) => {
    const fromCookie = request.cookies[CSRF_COOKIE];
    const valid = typeof fromCookie === 'string' && TOKEN_PATTERN.test(fromCookie);
    const bearer = bearerToken(request) !== null;
    if (valid) {
      request.csrfToken = fromCookie;
    } else if (bearer && isApiPath(request.url)) {
      // Exempt below, so nothing to issue: an API client sending its token
      // without cookies would otherwise get a fresh cookie on every reply.
      request.csrfToken = '';
    } else {
      request.csrfToken = randomBytes(32).toString('base64url');
      reply.setCookie(CSRF_COOKIE, request.csrfToken, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure,
      });
    }

    if (!UNSAFE_METHODS.has(request.method) || !isApiPath(request.url) || bearer) return;
    checkOrigin(request, options.publicUrl);
    const sent = request.headers[HEADER];
    if (!valid || typeof sent !== 'string' || !sameToken(sent, fromCookie)) {
      throw new HttpError(403, MSG.csrfMismatch);
    }
  });
}
