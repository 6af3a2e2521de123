import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from './harness';
import { stores } from './stores';

// Graceful close with keep-alive clients: a request in flight when the close
// starts is finished, and its connection, idle a moment later, is closed
// then, not after the 72 s keep-alive timeout (which once held the test
// suite's teardown past its hook timeout).

const sqlite = stores()[0]!;

/** Reads from `socket` until `pattern` has arrived. */
function readUntil(socket: Socket, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (pattern.test(text)) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

describe('closing the server', () => {
  it('finishes a request in flight, then closes its keep-alive connection at once', async () => {
    const ts = await sqlite.open();
    const server = await startServer(ts.store);
    try {
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const body = JSON.stringify({ login: 'nobody@example.test', password: 'not-the-password' });
      // Headers and half the body: the request is in flight when the close starts.
      socket.write(
        `POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      const closed = server.close();
      const reply = readUntil(socket, /\r\n\r\n[\s\S]*\}/);
      socket.write(body.slice(10));
      // The request that was already under way is answered (its 4xx), not refused with 503.
      expect(await reply).toMatch(/^HTTP\/1\.1 4\d\d /);
      const ended = new Promise((resolve) => socket.once('close', resolve));
      await closed;
      await ended;
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await ts.store.close();
      await ts.destroy();
    }
  }, 20_000);
});
