import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempDir } from './harness';
import type { Server } from './harness';
import { stores } from './stores';
import type { TestStore } from './stores';

// The web app compressed at build (scripts/precompress.mjs, run here on a
// small dist) and sent with the encoding the request prefers
// (http/spa.ts): Content-Encoding, Vary, and the cache headers of each kind
// of file. node:http, not fetch: fetch would decode the body and hide which
// encoding came back.

const PRECOMPRESS = fileURLToPath(new URL('../../../scripts/precompress.mjs', import.meta.url));
const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX = `<!doctype html><html><head><meta name="csrf-token" content="__CSRF_TOKEN__" /></head><body>${'<p>app</p>'.repeat(50)}</body></html>`;
/** Large and repetitive enough to get compressed copies (the build skips files under 1 KB). */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const SMALL = 'console.log(1)';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

const sqlite = stores()[0]!;

describe('compressed web app', () => {
  let ts: TestStore;
  let server: Server;
  let webDist: string;

  beforeAll(async () => {
    webDist = tempDir('parley-web-br-');
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    writeFileSync(join(webDist, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(webDist, 'assets', 'tiny-abc123.js'), SMALL);
    writeFileSync(join(webDist, 'sw.js'), SCRIPT);
    execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `import { precompress } from ${JSON.stringify(PRECOMPRESS)}; precompress(${JSON.stringify(webDist)});`,
    ]);
    ts = await sqlite.open();
    server = await startServer(ts.store, { webDist });
  });
  afterAll(async () => {
    await server?.close();
    await ts?.store.close();
    await ts?.destroy();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('the build writes brotli and gzip copies of text files over 1 KB, not of small ones', () => {
    expect(existsSync(join(webDist, 'assets', 'index-abc123.js.br'))).toBe(true);
    expect(existsSync(join(webDist, 'assets', 'index-abc123.js.gz'))).toBe(true);
    expect(existsSync(join(webDist, 'assets', 'tiny-abc123.js.br'))).toBe(false);
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.9', 'br'],
  ])('Accept-Encoding %s → %s, immutable, Vary', async (accept, expected) => {
    const res = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 2);
    expect(decode(res)).toBe(SCRIPT);
  });

  it('without Accept-Encoding (or with identity only) the file is sent as it is', async () => {
    const variants: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
    for (const headers of variants) {
      const res = await get(`${server.url}/assets/index-abc123.js`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.toString('utf8')).toBe(SCRIPT);
    }
  });

  it('a file with no compressed copy is sent as it is, whatever the client accepts', async () => {
    const res = await get(`${server.url}/assets/tiny-abc123.js`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe(SMALL);
  });

  it('the service worker is compressed but revalidated on every load', async () => {
    const res = await get(`${server.url}/sw.js`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode(res)).toBe(SCRIPT);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['', undefined],
  ])(
    'index.html (/chat) for Accept-Encoding "%s": %s, no-cache, Vary, token filled in',
    async (accept, expected) => {
      const res = await get(`${server.url}/chat`, accept ? { 'accept-encoding': accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const html = decode(res);
      expect(html).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{43}"/);
      expect(html).not.toContain('__CSRF_TOKEN__');
    },
  );

  it('a missing hashed file is a 404, not index.html', async () => {
    const res = await get(`${server.url}/assets/gone-000000.js`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
  });
});
