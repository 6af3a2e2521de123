import { describe, expect, it } from 'vitest';
import type { Presence } from '../src/realtime/presence';
import { createMemoryPresence } from '../src/realtime/presence';
import { direct, person } from './messaging';
import { sleep, TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// A socket that closes while presence is counting it in (on Redis that is a
// round trip): the close's cleanup runs before the count lands, so the hello
// must take the count back itself, or the user stays online for good. The
// count is held here at a gate (the real in-process presence behind it), so
// the close lands inside that window every time.

/** Presence whose `connect` waits until `open()`; everything else is the real one. */
function gatedPresence() {
  const real = createMemoryPresence();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const waiting = new Promise<void>((resolve) => (reached = resolve));
  let gated = true;
  const presence: Presence = {
    ...real,
    async connect(userId) {
      if (gated) {
        reached();
        await gate;
      }
      return real.connect(userId);
    },
  };
  return {
    presence,
    waiting,
    open: () => {
      gated = false;
      open();
    },
  };
}

const [sqlite] = stores();
const gated = gatedPresence();

describe.runIf(sqlite)('a socket closed while presence counts it in', () => {
  const suite = useSuiteServer(sqlite!, { presence: gated.presence });

  it('leaves its user offline, and their contacts hear no stale online', async () => {
    const [alice, bob] = [await person(suite.client), await person(suite.client)];
    await direct(suite.client, alice, bob);

    const early = await TestSocket.open(suite.server.url);
    early.send({ op: 'hello', v: 1, token: alice.token, user_seq: 0, conversations: {} });
    await gated.waiting;
    early.ws.terminate();
    await early.closed;
    await sleep(100); // the server's close event and its cleanup
    gated.open();
    await sleep(100); // the hello's count lands, after the close

    const watcher = await TestSocket.open(suite.server.url);
    const ready = await watcher.ready(bob.token);
    expect(ready.online_user_ids).toEqual([]);
    expect(await gated.presence.online([alice.id])).toEqual(new Set());
    watcher.close();
  });
});
