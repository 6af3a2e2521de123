import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { CSRF_PLACEHOLDER } from '@parley/protocol/constants';
import { isApiPath } from './csrf';
import { sendNotFound } from './errors';

// Serves the built web app (packages/web/dist) from the same origin as the
// API. Hashed files are cached forever; index.html, the service worker and
// the manifest are revalidated on every load so a deploy shows up at once.
// Any other GET outside /api that is not a file gets index.html, for the
// client-side router, with the request's CSRF token written into its meta tag.
//
// Compression: the build writes brotli and gzip copies next to the text files
// (scripts/precompress.mjs); @fastify/static's `preCompressed` sends the copy
// the request's Accept-Encoding prefers, with Content-Encoding, and the
// identity file otherwise. index.html carries a per-request token, so it is
// compressed per request (it is about 1 KB). Every answer that could have
// been encoded differently says `Vary: Accept-Encoding`, so a shared cache
// never hands brotli to a client that did not ask for it.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const HASHED_DIRS = ['assets/', 'js/chunks/'];

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parley</title></head>
<body><h1>The web app is not built</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p></body></html>
`;

/** brotli first: about 15 % smaller than gzip on the app's scripts. */
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

function compressIndex(html: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html, { level: 6 });
}

function cacheControlFor(relativePath: string): string {
  const path = relativePath.split(sep).join('/');
  return HASHED_DIRS.some((dir) => path.startsWith(dir)) ? IMMUTABLE : REVALIDATE;
}

/** index.html read once per change on disk, so a rebuild is picked up without a restart. */
function indexLoader(webDist: string) {
  const file = join(webDist, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  return async (): Promise<string | null> => {
    try {
      const info = await stat(file);
      if (!cached || cached.mtimeMs !== info.mtimeMs) {
        cached = { mtimeMs: info.mtimeMs, html: await readFile(file, 'utf8') };
      }
      return cached.html;
    } catch {
      cached = null;
      return null;
    }
  };
}

export function registerSpa(app: FastifyInstance, options: { webDist: string }): void {
  const loadIndex = indexLoader(options.webDist);

  // Without a build there is nothing to serve but the "not built" page below.
  if (!existsSync(options.webDist)) {
    app.log.warn({ webDist: options.webDist }, 'web app not built: serving the "not built" page');
  } else {
    void app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      index: false,
      redirect: false,
      cacheControl: false,
      preCompressed: true,
      // index.html always goes through the fallback below, which fills in the token.
      // Directories ("/", "/assets/") are not listed; they fall back to index.html too.
      allowedPath: (pathname) =>
        pathname !== '/index.html' && !pathname.endsWith('/') && !isApiPath(pathname),
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(relative(options.webDist, filePath)));
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const html = await loadIndex();
    if (html === null) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    // The token is base64url, safe inside an HTML attribute as it is.
    const page = html.replaceAll(CSRF_PLACEHOLDER, request.csrfToken);
    const accepted = request.headers['accept-encoding'];
    const encoding = typeof accepted === 'string' ? encodings.negotiate(accepted) : null;
    reply
      .code(200)
      .header('cache-control', REVALIDATE)
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(page);
    return reply.header('content-encoding', encoding).send(compressIndex(page, encoding));
  }

  // A missing hashed file is a real 404: answering a chunk request with
  // index.html would make the chunk loader fail on HTML instead of a clear 404.
  const isMissingAsset = (url: string) => HASHED_DIRS.some((dir) => url.startsWith(`/${dir}`));

  app.setNotFoundHandler(async (request, reply) => {
    const { method, url } = request;
    if ((method === 'GET' || method === 'HEAD') && !isApiPath(url) && !isMissingAsset(url)) {
      return sendIndex(request, reply);
    }
    return sendNotFound(reply);
  });
}
