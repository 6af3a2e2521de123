import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedPeer } from '../src/http/address-cap';
import { startServer } from './harness';
import type { Server } from './harness';
import { stores } from './stores';
import type { TestStore } from './stores';

// Issue 18: slow-header clients were cut only after 66–80 s, and one address
// could hold any number of connections. Raw sockets to 127.0.0.1 trickle
// headers; they must be cut within the headers timeout, and the N+1th
// connection from one address refused at once.

const sqlite = stores().find((b) => b.name === 'sqlite');
if (!sqlite) throw new Error('SQLite backend missing');

const HEADERS_TIMEOUT_MS = 1500;
const PER_ADDRESS = 5;

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with the ms until the server closed the socket (or `limitMs` if it did not). */
function closedWithin(socket: Socket, limitMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(limitMs), limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
    socket.on('error', () => {});
    socket.resume();
  });
}

describe('slow clients', () => {
  let ts: TestStore;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    ts = await sqlite.open();
    server = await startServer(ts.store, {
      abuseLimits: {
        headersTimeoutMs: HEADERS_TIMEOUT_MS,
        requestTimeoutMs: 3000,
        connectionsPerAddress: PER_ADDRESS,
      },
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    await server?.close();
    await ts?.store.close();
    await ts?.destroy();
  });

  it('cuts a client that sends its headers slowly within the headers timeout', async () => {
    const sockets = await Promise.all([open(port), open(port)]);
    const drips: NodeJS.Timeout[] = [];
    for (const socket of sockets) {
      socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      // One header line every 200 ms, never the blank line that ends them.
      let n = 0;
      drips.push(
        setInterval(() => {
          if (!socket.destroyed) socket.write(`X-Slow-${n++}: a\r\n`);
        }, 200),
      );
    }
    const times = await Promise.all(sockets.map((s) => closedWithin(s, 10_000)));
    for (const d of drips) clearInterval(d);
    // Node checks the timeouts about once a second (connectionsCheckingInterval).
    for (const ms of times) expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 2000);
  });

  it('refuses the connection past the per-address cap, and admits again once one closes', async () => {
    const held: Socket[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) held.push(await open(port));
    // Let the server count them all before the next one arrives.
    await new Promise((r) => setTimeout(r, 100));
    const extra = await open(port);
    expect(await closedWithin(extra, 2000)).toBeLessThan(1000);
    // The ones it holds still get answers.
    const first = held[0] as Socket;
    const answer = new Promise<string>((resolve) => first.once('data', (d) => resolve(String(d))));
    first.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await answer).toMatch(/^HTTP\/1\.1 200/);
    // One goes: there is room for one more.
    const gone = new Promise((r) => held[1]?.once('close', r));
    held[1]?.destroy();
    await gone;
    await new Promise((r) => setTimeout(r, 100));
    const next = await open(port);
    expect(await closedWithin(next, 500)).toBe(500);
    for (const s of [...held, next]) s.destroy();
  });
});

describe('trusted proxies are not counted', () => {
  it('follows TRUST_PROXY', () => {
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    expect(trustedPeer(true)('203.0.113.9')).toBe(true);
    expect(trustedPeer('loopback')('127.0.0.1')).toBe(true);
    expect(trustedPeer('loopback')('203.0.113.9')).toBe(false);
    expect(trustedPeer('10.0.0.0/8, 192.168.1.5')('192.168.1.5')).toBe(true);
    expect(trustedPeer(1)('203.0.113.9')).toBe(true);
  });
});
