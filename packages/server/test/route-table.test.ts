import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@parley/protocol/constants';
import { routeList } from '@parley/protocol/http/route';
import { routes } from '@parley/protocol/http/routes';
import { startServer } from './harness';
import { registered } from './registered-routes';
import type { Server } from './harness';
import { stores } from './stores';
import type { TestStore } from './stores';

// The protocol's route table is the contract the web calls through: every
// entry must be a route the server registered (same method, same path), and
// every route the server registered under API_BASE must be an entry. The
// routes that are not API calls are named here, each with its reason.

const NOT_CALLS = new Set([
  `GET ${API_BASE}/ws`, // the WebSocket upgrade: its frames are @parley/protocol/realtime
  `GET ${API_BASE}/openapi.json`, // the document describing the table
  'GET /metrics', // operations: Prometheus text, behind METRICS_TOKEN
  // The Bot API, Telegram's shape outside API_BASE (docs/BOTS.md), and its file downloads
  'GET /bot:token/:method',
  'POST /bot:token/:method',
  'GET /file/bot:token/:path',
]);

const [sqlite] = stores();

describe('the route table (sqlite)', () => {
  let ts: TestStore;
  let server: Server;
  const table = routeList(routes).map((r) => `${r.method} ${API_BASE}${r.path}`);

  beforeAll(async () => {
    if (!sqlite) throw new Error('no SQLite backend');
    ts = await sqlite.open();
    server = await startServer(ts.store);
  });

  afterAll(async () => {
    await server.close();
    await ts.store.close();
    await ts.destroy();
  });

  it('names each call once', () => {
    expect(new Set(table).size).toBe(table.length);
    expect(table.length).toBeGreaterThan(70);
  });

  it('is registered by the server, entry by entry', () => {
    for (const route of routeList(routes)) {
      expect(
        server.app.hasRoute({ method: route.method, url: `${API_BASE}${route.path}` }),
        `${route.method} ${route.path}`,
      ).toBe(true);
    }
  });

  it('holds every route the server registered, besides the named non-calls', () => {
    const calls = registered(server).filter((route) => !NOT_CALLS.has(route));
    // The tree was read: the non-calls and the table's entries are all in it.
    expect(registered(server)).toEqual(expect.arrayContaining([...NOT_CALLS]));
    expect(
      calls.filter((route) => !table.includes(route)),
      'not in the table',
    ).toEqual([]);
    expect(
      table.filter((route) => !calls.includes(route)),
      'not registered',
    ).toEqual([]);
  });

  it('is documented in the OpenAPI document, each call with a summary', () => {
    const doc = server.app.swagger() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    for (const route of routeList(routes)) {
      const path = `${API_BASE}${route.path.replace(/:([a-z_]+)/g, '{$1}')}`;
      expect(doc.paths[path]?.[route.method.toLowerCase()]?.summary, path).toBeTruthy();
    }
  });
});
