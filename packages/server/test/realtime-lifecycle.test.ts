import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WS_CLOSE } from '@parley/protocol/realtime';
import { createRedisBus } from '../src/bus/redis';
import { Client, registerAndLogin, startServer } from './harness';
import type { Server } from './harness';
import { direct, person, sent } from './messaging';
import { sleep, TestSocket } from './realtime';
import { stores } from './stores';
import type { TestStore } from './stores';

// The socket's life around the edges: a silent peer, a slow reader, an
// expired token, shutdown, and a bus whose Redis is gone. SQLite only: none
// of it depends on the store.

const [sqlite] = stores();

describe('realtime lifecycle (sqlite)', () => {
  let ts: TestStore;
  const servers: Server[] = [];
  const sockets: TestSocket[] = [];

  const start = async (options: Parameters<typeof startServer>[1]) => {
    const server = await startServer(ts.store, options);
    servers.push(server);
    return server;
  };
  const open = async (server: Server, options: { autoPong?: boolean } = {}) => {
    const socket = await TestSocket.open(server.url, {}, options);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    if (!sqlite) throw new Error('no SQLite backend');
    ts = await sqlite.open();
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.ws.terminate();
    for (const s of servers.splice(0)) await s.close();
  });
  afterAll(async () => {
    await ts?.store.close();
    await ts?.destroy();
  });

  it('terminates a socket that stops answering pings, and keeps one that answers', async () => {
    const server = await start({ realtime: { heartbeatMs: 100 } });
    const client = new Client(server.url);
    const alice = await person(client);
    const silent = await open(server, { autoPong: false });
    const alive = await open(server);
    await silent.ready(alice.token);
    await alive.ready(alice.token);
    // Terminated, not closed: no close frame, so the client sees 1006.
    expect((await silent.closed).code).toBe(1006);
    await sleep(300);
    alive.send({ op: 'ping' });
    await alive.next((f) => f.op === 'pong');
  });

  it('closes a reader that falls too far behind with 4008', async () => {
    const server = await start({ realtime: { maxBufferedBytes: 256 } });
    // A full network buffer, simulated: the server's TCP socket is corked, so
    // what it sends stays in its send buffer (bufferedAmount) until uncorked.
    const tcp: Socket[] = [];
    server.app.websocketServer.on('connection', (_ws: unknown, request: IncomingMessage) =>
      tcp.push(request.socket),
    );
    const client = new Client(server.url);
    const [alice, bob] = [await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    const slow = await open(server);
    await slow.ready(bob.token);
    const socket = tcp[0];
    if (!socket) throw new Error('no server socket');
    socket.cork();
    await sent(client, alice, chat.id, 'x'.repeat(300));
    socket.uncork();
    expect(await slow.closed).toMatchObject({ code: WS_CLOSE.slowConsumer, reason: 'too slow' });
  });

  it('closes with 4001 when the access token expires and no auth frame came', async () => {
    const server = await start({ accessTokenTtlSeconds: 1 });
    const client = new Client(server.url);
    const signed = await registerAndLogin(client);
    const socket = await open(server);
    await socket.ready(signed.access_token);
    expect(await socket.closed).toMatchObject({
      code: WS_CLOSE.unauthenticated,
      reason: 'token expired',
    });
  });

  it('closes every socket with 1001 on shutdown', async () => {
    const server = await start({});
    const client = new Client(server.url);
    const alice = await person(client);
    const socket = await open(server);
    await socket.ready(alice.token);
    servers.splice(servers.indexOf(server), 1);
    await server.close();
    expect((await socket.closed).code).toBe(WS_CLOSE.goingAway);
  });

  it('logs a bus whose Redis is unreachable, and the HTTP API still answers', async () => {
    const errors: unknown[] = [];
    const bus = createRedisBus('redis://127.0.0.1:1', { onError: (e) => errors.push(e) });
    try {
      const server = await start({ bus });
      const client = new Client(server.url);
      // Each publish waits for the bus's next reconnect attempt, further
      // apart every time: the two sign-ups wait for the same one.
      const [alice, bob] = await Promise.all([person(client), person(client)]);
      const chat = await direct(client, alice, bob);
      // Committed and answered, though its publish failed.
      const message = await sent(client, alice, chat.id, 'nobody hears this live');
      expect(message.message).toBe('nobody hears this live');
      expect((await client.get('/health')).status).toBe(200);
      expect(errors.length).toBeGreaterThan(0);
      // The same refused connection is reported once, not on every reconnect attempt.
      const reported = errors.length;
      await sleep(500);
      expect(errors.length).toBe(reported);
    } finally {
      await bus.close();
    }
  });
});
