import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '@parley/protocol/constants';
import { MSG } from '@parley/protocol/messages';
import { startServer, tempDir } from './harness';
import type { Server } from './harness';
import { stores } from './stores';
import type { TestStore } from './stores';

const INDEX = `<!doctype html><html><head><meta name="csrf-token" content="__CSRF_TOKEN__" /></head><body>app</body></html>`;

function fakeWebDist(): string {
  const dir = tempDir('parley-web-');
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'js', 'chunks'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'js', 'chunks', 'chat-def456.js'), 'console.log(2)');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
  return dir;
}

const cookieToken = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => new RegExp(`^${CSRF_COOKIE}=([^;]+)`).exec(c)?.[1])
    .find(Boolean);

const metaToken = (html: string) => /<meta name="csrf-token" content="([^"]*)"/.exec(html)?.[1];

describe.each(stores())('SPA and OpenAPI ($name)', (backend) => {
  let ts: TestStore;
  let server: Server;
  let webDist: string;

  beforeAll(async () => {
    ts = await backend.open();
    webDist = fakeWebDist();
    server = await startServer(ts.store, { webDist });
  });
  afterAll(async () => {
    await server?.close();
    await ts?.store.close();
    await ts?.destroy();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves hashed assets as immutable', async () => {
    for (const path of ['/assets/index-abc123.js', '/js/chunks/chat-def456.js']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('serves the service worker and manifest with no-cache', async () => {
    for (const path of ['/sw.js', '/manifest.webmanifest']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it.each(['/', '/chat/5', '/to/someone', '/main/apps', '/index.html', '/assets'])(
    '%s → index.html with the CSRF token',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      const token = cookieToken(res);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(metaToken(html)).toBe(token);
      expect(html).not.toContain('__CSRF_TOKEN__');
    },
  );

  it('fills the meta with the cookie the browser already has', async () => {
    const token = 'a'.repeat(43);
    const res = await fetch(`${server.url}/chat`, {
      headers: { cookie: `${CSRF_COOKIE}=${token}` },
    });
    expect(cookieToken(res)).toBeUndefined();
    expect(metaToken(await res.text())).toBe(token);
  });

  it('answers 404 for a missing hashed file instead of index.html', async () => {
    for (const path of ['/assets/gone-123.js', '/js/chunks/gone-456.js']) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    }
  });

  it('keeps /api paths out of the fallback', async () => {
    const res = await fetch(`${server.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: MSG.notFound });
  });

  it('answers HEAD for client routes', async () => {
    const res = await fetch(`${server.url}/chat/5`, { method: 'HEAD' });
    expect(res.status).toBe(200);
  });

  it('says so when the web app is not built', async () => {
    const bare = await startServer(ts.store, { webDist: join(webDist, 'missing') });
    try {
      const res = await fetch(`${bare.url}/`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('not built');
      expect((await fetch(`${bare.url}/api/v1/health`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    // Every route is documented; these are the ones clients cannot live without.
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/health',
        '/api/v1/login',
        '/api/v1/logout',
        '/api/v1/ready',
        '/api/v1/register',
        '/api/v1/user',
        '/api/v1/user/refresh',
        '/api/v1/user/sessions',
        '/api/v1/user/sessions/revoke-others',
        '/api/v1/user/sessions/{id}',
        '/api/v1/user/conversation',
        '/api/v1/user/conversations',
        '/api/v1/user/conversations/direct',
        '/api/v1/user/conversations/{id}',
        '/api/v1/user/conversations/{id}/clear',
        '/api/v1/user/conversations/{id}/hide',
        '/api/v1/user/conversations/{id}/messages',
        '/api/v1/user/conversations/{id}/mute',
        '/api/v1/user/conversations/{id}/pin',
        '/api/v1/user/conversations/{id}/pinned-message',
        '/api/v1/user/messages',
        '/api/v1/user/messages/forward',
        '/api/v1/user/messages/read/{conversation_id}',
        '/api/v1/user/messages/{id}',
        '/api/v1/user/unread',
        '/api/v1/users/search',
        '/api/v1/user/avatar/upload',
        '/api/v1/user/settings/edit/profile',
        '/api/v1/user/settings/password/change',
        '/api/v1/user/check-secret',
        '/api/v1/user/groups/leave',
        '/api/v1/user/role',
        '/api/v1/user/messages/{id}/link-preview',
      ]),
    );
    // …and only /api/v1 routes, each with a summary.
    for (const [path, methods] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\/v1\//);
      for (const operation of Object.values(methods)) {
        expect((operation as { summary?: string }).summary, path).toBeTruthy();
      }
    }
    expect(doc.paths['/api/v1/register']?.post?.requestBody).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/v1/login'])).toContain('verify_username');
  });

  it('reports readiness from the database', async () => {
    const res = await fetch(`${server.url}/api/v1/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
