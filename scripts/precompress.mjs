// Brotli and gzip copies of the web app's text files, written next to them
// at build time (x.js → x.js.br, x.js.gz), so the server sends them with
// `Content-Encoding` at no CPU cost per request (packages/server/src/http/spa.ts,
// @fastify/static's `preCompressed`). Compressing once at build lets us use
// the slowest, smallest settings (brotli quality 11, gzip level 9).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.map',
  '.ico',
]);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Returns the bytes before and after brotli, summed over the files it compressed. */
export function precompress(dir) {
  let raw = 0;
  let brotli = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    // A copy that is not smaller is not worth sending.
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    raw += body.length;
    brotli += Math.min(br.length, body.length);
  }
  return { raw, brotli };
}
