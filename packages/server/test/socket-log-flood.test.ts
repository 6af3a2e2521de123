import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/http/logger';
import { Client, startServer } from './harness';
import type { Server } from './harness';
import { person } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import type { TestStore } from './stores';

// Issue 18: an oversize socket frame logged an error-level line per frame,
// so any client could fill the log. Client faults are logged at info, at
// most once per interval.

const sqlite = stores().find((b) => b.name === 'sqlite');
if (!sqlite) throw new Error('SQLite backend missing');

const ERROR = 50;

describe('oversize socket frames in the log', () => {
  let ts: TestStore;
  let server: Server;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    ts = await sqlite.open();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as { level: number; msg: string });
        }
        done();
      },
    });
    server = await startServer(ts.store, {
      logger: { ...(loggerOptions('info') as object), stream },
    });
  });
  afterAll(async () => {
    await server?.close();
    await ts?.store.close();
    await ts?.destroy();
  });

  it('logs ten oversize frames below error level, in one line', async () => {
    const alice = await person(new Client(server.url));
    const before = lines.length;
    for (let i = 0; i < 10; i++) {
      const socket = await TestSocket.open(server.url);
      await socket.ready(alice.token);
      socket.ws.send('x'.repeat(300 * 1024)); // the limit is 256 KiB
      await socket.closed;
    }
    await new Promise((r) => setTimeout(r, 100));
    const fresh = lines.slice(before);
    expect(fresh.filter((l) => l.level >= ERROR)).toEqual([]);
    const faults = fresh.filter((l) => /failed by their clients/.test(l.msg));
    expect(faults).toHaveLength(1);
  });
});
