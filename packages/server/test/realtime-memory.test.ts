import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client, startServer } from './harness';
import type { Server } from './harness';
import { person } from './messaging';
import { sleep, TestSocket } from './realtime';
import { stores } from './stores';
import type { TestStore } from './stores';

// What an open socket keeps on the server (bench `connections` counts it per
// socket): the HTTP upgrade's objects must go once the socket is open, and
// the error listener that replaced the one holding them must still work.
// SQLite only: none of it depends on the store.

setFlagsFromString('--expose-gc');
/** V8's own collector, reachable once --expose-gc is set (a new context sees the flag). */
const gc = runInNewContext('gc') as () => void;

const [sqlite] = stores();

describe('realtime memory (sqlite)', () => {
  let ts: TestStore;
  let server: Server | undefined;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    if (!sqlite) throw new Error('no SQLite backend');
    ts = await sqlite.open();
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.ws.terminate();
    await server?.close();
    server = undefined;
  });
  afterAll(async () => {
    await ts?.store.close();
    await ts?.destroy();
  });

  const open = async (url: string) => {
    const socket = await TestSocket.open(url);
    sockets.push(socket);
    return socket;
  };

  it('lets the upgrade request be collected while its socket stays open', async () => {
    server = await startServer(ts.store);
    const upgrades: WeakRef<IncomingMessage>[] = [];
    server.app.websocketServer.on('connection', (_ws: unknown, request: IncomingMessage) =>
      upgrades.push(new WeakRef(request)),
    );
    const alice = await person(new Client(server.url));
    const socket = await open(server.url);
    await socket.ready(alice.token);
    expect(upgrades).toHaveLength(1);
    // WeakRefs are cleared only between jobs: collect, yield, collect again.
    for (let i = 0; i < 3 && upgrades[0]?.deref(); i++) {
      await sleep(20);
      gc();
    }
    expect(upgrades[0]?.deref()).toBeUndefined();
    socket.send({ op: 'ping' });
    await socket.next((f) => f.op === 'pong');
  });

  it('closes a socket whose frame is over the limit, and keeps serving the others', async () => {
    server = await startServer(ts.store);
    const alice = await person(new Client(server.url));
    const [big, other] = [await open(server.url), await open(server.url)];
    await big.ready(alice.token);
    await other.ready(alice.token);
    big.ws.send('x'.repeat(300 * 1024)); // the limit is 256 KiB
    // 1009 when the close frame gets out before the server drops the socket.
    expect([1006, 1009]).toContain((await big.closed).code);
    other.send({ op: 'ping' });
    await other.next((f) => f.op === 'pong');
  });
});
