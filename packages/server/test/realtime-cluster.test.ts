import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer } from './harness';
import type { Server } from './harness';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { busBackends, isMessageNew, sleep, TestSocket } from './realtime';
import type { Cluster } from './realtime';
import type { Presence } from '../src/realtime/presence';
import { stores } from './stores';
import type { TestStore } from './stores';

// Two nodes over one database and one bus: delivery, typing and presence
// cross nodes. Every HTTP write goes through node B (two SQLite handles in
// one process must not both write at once); sockets sit on both.

const TYPING_EXPIRY_MS = 400;
const SETTLE_MS = 20;

const combos = stores().flatMap((store) =>
  busBackends().map((bus) => ({ name: `${store.name}, ${bus.name} bus`, store, bus })),
);

describe.each(combos)('realtime across two nodes ($name)', ({ store, bus }) => {
  let ts: TestStore;
  let cluster: Cluster;
  let nodeA: Server;
  let nodeB: Server;
  let client: Client;
  let alice: Person;
  let bob: Person;
  let eve: Person;
  let presences: Presence[] = [];
  const sockets: TestSocket[] = [];

  const open = async (node: Server) => {
    const socket = await TestSocket.open(node.url);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    ts = await store.open();
    cluster = bus.open();
    const realtime = { typingExpiryMs: TYPING_EXPIRY_MS };
    const [b, a] = [cluster.node(), cluster.node()];
    presences = [b.presence, a.presence];
    nodeB = await startServer(ts.store, { ...b, realtime });
    nodeA = await startServer(ts.reopen(), { ...a, realtime });
    client = new Client(nodeB.url);
    [alice, bob, eve] = [await person(client), await person(client), await person(client)];
    await direct(client, alice, bob);
    await direct(client, bob, eve);
  });
  // Each case starts with nobody online: both nodes have seen every socket
  // close (instead of a fixed 100 ms), then SETTLE_MS for the offline
  // presence they publish to reach the bus before new sockets listen.
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.ws.terminate();
    const everyone = [alice.id, bob.id, eve.id];
    for (const presence of presences) {
      while ((await presence.online(everyone)).size > 0) await sleep(5);
    }
    await sleep(SETTLE_MS);
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await cluster?.close();
    await ts?.store.close();
    await ts?.destroy();
  });

  it('delivers a message sent through node B to a socket on node A', async () => {
    const chat = await direct(client, alice, bob);
    const b = await open(nodeA);
    await b.ready(bob.token);
    const message = await sent(client, alice, chat.id, 'across nodes');
    expect(await b.next(isMessageNew(chat.id))).toMatchObject({ payload: { message } });
  });

  it('relays typing once per start, stops it, and expires it', async () => {
    const chat = await direct(client, alice, bob);
    const a = await open(nodeB);
    const b = await open(nodeA);
    await a.ready(alice.token);
    await b.ready(bob.token);
    const typing = (state: string) => (f: { op: string; state?: string }) =>
      f.op === 'typing' && f.state === state;

    a.send({ op: 'typing', conversation_id: chat.id, state: 'start' });
    a.send({ op: 'typing', conversation_id: chat.id, state: 'start' });
    expect(await b.next(typing('start'))).toEqual({
      op: 'typing',
      conversation_id: chat.id,
      user_id: alice.id,
      state: 'start',
    });
    a.send({ op: 'typing', conversation_id: chat.id, state: 'stop' });
    await b.next(typing('stop'));
    expect(b.frames.filter(typing('start'))).toHaveLength(1);

    // No refresh: the server says stop by itself.
    a.send({ op: 'typing', conversation_id: chat.id, state: 'start' });
    await b.next(typing('start'));
    const started = Date.now();
    await b.next(typing('stop'), TYPING_EXPIRY_MS * 5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TYPING_EXPIRY_MS - 50);
    // The typist's own sockets are not told.
    expect(a.frames.some((f) => f.op === 'typing')).toBe(false);
  });

  it('refuses typing in a conversation of others', async () => {
    const chat = await direct(client, alice, bob);
    const e = await open(nodeA);
    await e.ready(eve.token);
    e.send({ op: 'typing', conversation_id: chat.id, state: 'start' });
    expect(await e.next((f) => f.op === 'error')).toMatchObject({ op: 'error' });
  });

  it('shows presence across nodes, and hides users with hide_status', async () => {
    const b = await open(nodeA);
    const bobReady = await b.ready(bob.token);
    expect(bobReady.online_user_ids).not.toContain(alice.id);

    const a = await open(nodeB);
    const aliceReady = await a.ready(alice.token);
    expect(aliceReady.online_user_ids).toContain(bob.id);
    expect(await b.next((f) => f.op === 'presence' && f.user_id === alice.id)).toEqual({
      op: 'presence',
      user_id: alice.id,
      online: true,
    });

    // A second socket of alice changes nothing; closing both makes her offline.
    const a2 = await open(nodeA);
    await a2.ready(alice.token);
    a.close();
    a2.close();
    // Offline with her last-seen time: bob may see it (neither hides their status).
    expect(await b.next((f) => f.op === 'presence' && f.user_id === alice.id)).toEqual({
      op: 'presence',
      user_id: alice.id,
      online: false,
      last_seen_at: expect.any(String),
      last_seen: null,
    });
    expect(b.frames.filter((f) => f.op === 'presence' && f.user_id === alice.id)).toHaveLength(2);

    await ts.store.db
      .updateTable('users')
      .set({ hide_status: 1 })
      .where('id', '=', eve.id)
      .execute();
    const e = await open(nodeB);
    await e.ready(eve.token);
    const b2 = await open(nodeB);
    expect((await b2.ready(bob.token)).online_user_ids).not.toContain(eve.id);
    await sleep(150);
    expect(b.frames.some((f) => f.op === 'presence' && f.user_id === eve.id)).toBe(false);
  });

  it('tells both sides of a chat started while connected that the other is online', async () => {
    // Strangers at hello: neither is the other's contact yet.
    const [carol, dave, hidden] = [
      await person(client),
      await person(client),
      await person(client),
    ];
    await ts.store.db
      .updateTable('users')
      .set({ hide_status: 1 })
      .where('id', '=', hidden.id)
      .execute();
    const c = await open(nodeA);
    const d = await open(nodeB);
    const h = await open(nodeA);
    expect((await c.ready(carol.token)).online_user_ids).toEqual([]);
    expect((await d.ready(dave.token)).online_user_ids).toEqual([]);
    await h.ready(hidden.token);

    await direct(client, carol, dave);
    expect(await c.next((f) => f.op === 'presence' && f.user_id === dave.id)).toEqual({
      op: 'presence',
      user_id: dave.id,
      online: true,
    });
    expect(await d.next((f) => f.op === 'presence' && f.user_id === carol.id)).toEqual({
      op: 'presence',
      user_id: carol.id,
      online: true,
    });
    // And the contact is followed from then on: going offline is told too.
    d.close();
    expect(await c.next((f) => f.op === 'presence' && f.user_id === dave.id)).toMatchObject({
      online: false,
    });

    // A user with hide_status is never told online, even to a new chat partner.
    await direct(client, carol, hidden);
    await c.next((f) => f.op === 'event' && f.scope === 'user' && f.type === 'conversation.joined');
    await h.next((f) => f.op === 'presence' && f.user_id === carol.id);
    await sleep(100);
    expect(c.frames.some((f) => f.op === 'presence' && f.user_id === hidden.id)).toBe(false);
  });
});
