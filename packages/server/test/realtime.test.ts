import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import { WS_CLOSE } from '@parley/protocol/realtime';
import type { ServerFrame } from '@parley/protocol/realtime';
import { Client, registerAndLogin, startServer } from './harness';
import type { Server } from './harness';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { groupWith } from './groups';
import { busBackends, isMessageNew, sleep, TestSocket } from './realtime';
import type { Cluster } from './realtime';
import { stores } from './stores';
import type { TestStore } from './stores';

// One node: the handshake, delivery and membership, resume. Every store
// backend × every bus backend.

const combos = stores().flatMap((store) =>
  busBackends().map((bus) => ({ name: `${store.name}, ${bus.name} bus`, store, bus })),
);

describe.each(combos)('realtime ($name)', (combo) => {
  const { store, bus } = combo;
  let ts: TestStore;
  let cluster: Cluster;
  let server: Server;
  let client: Client;
  let alice: Person;
  let bob: Person;
  let eve: Person;
  const sockets: TestSocket[] = [];

  const open = async (headers: Record<string, string> = {}) => {
    const socket = await TestSocket.open(server.url, headers);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    ts = await store.open();
    cluster = bus.open();
    server = await startServer(ts.store, {
      ...cluster.node(),
      realtime: { helloTimeoutMs: 300 },
    });
    client = new Client(server.url);
    [alice, bob, eve] = [await person(client), await person(client), await person(client)];
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await server?.close();
    await cluster?.close();
    await ts?.store.close();
    await ts?.destroy();
  });

  describe('hello and auth', () => {
    // Decided before any store or bus is involved — a token failing its
    // signature, the hello timer, the version field, the Origin check at the
    // upgrade (gateway.ts, connection.ts) — so these four run on the
    // first combination only; the rest of the handshake runs on every one.
    if (combo === combos[0]) {
      it('closes 4001 on a bad token', async () => {
        const socket = await open();
        socket.hello('not-a-token');
        expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
      });

      it('closes 4001 when no hello comes in time', async () => {
        const socket = await open();
        expect(await socket.closed).toMatchObject({ code: WS_CLOSE.unauthenticated });
      });

      it('answers an old client with version_mismatch', async () => {
        const socket = await open();
        socket.send({ op: 'hello', v: 0, token: alice.token, user_seq: 0, conversations: {} });
        expect(await socket.next((f) => f.op === 'version_mismatch')).toMatchObject({
          server_v: 1,
        });
        expect((await socket.closed).code).toBe(WS_CLOSE.versionMismatch);
      });

      it('refuses a foreign Origin before the upgrade', async () => {
        expect(await TestSocket.refusal(server.url, { origin: 'https://evil.example' })).toBe(403);
      });
    }

    it('allows the same origin and no Origin at all', async () => {
      const same = await open({ origin: server.url });
      expect(await same.ready(alice.token)).toMatchObject({ op: 'ready', user_id: alice.id });
      const none = await open();
      expect(await none.ready(alice.token)).toMatchObject({ user_id: alice.id });
    });

    it('closes the socket at once when its session is revoked by logout', async () => {
      const signed = await registerAndLogin(client);
      const socket = await open();
      await socket.ready(signed.access_token);
      expect((await client.post('/logout', {}, { token: signed.access_token })).status).toBe(200);
      expect(await socket.closed).toMatchObject({
        code: WS_CLOSE.unauthenticated,
        reason: 'session revoked',
      });
    });

    it('keeps the socket on re-authentication with a refreshed token', async () => {
      const signed = await registerAndLogin(client);
      const me = await client.get<{ id: number }>('/user', { token: signed.access_token });
      const socket = await open();
      await socket.ready(signed.access_token);
      const refreshed = await client.post<{ access_token: string }>('/user/refresh', {
        refresh_token: signed.refresh_token,
      });
      expect(refreshed.status).toBe(200);
      socket.send({ op: 'auth', token: refreshed.body.access_token });
      socket.send({ op: 'ping' });
      await socket.next((f) => f.op === 'pong');
      const other: Person = {
        id: me.body.id,
        token: refreshed.body.access_token,
        username: '',
        name: '',
      };
      const chat = await direct(client, alice, other);
      const message = await sent(client, alice, chat.id, 'still here');
      const frame = await socket.next(isMessageNew(chat.id));
      expect(frame).toMatchObject({ payload: { message_id: message.id } });
    });

    it('closes 4001 on re-authentication with a bad token', async () => {
      const socket = await open();
      await socket.ready(eve.token);
      socket.send({ op: 'auth', token: 'garbage' });
      expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
    });
  });

  describe('delivery', () => {
    it('gives members the whole message and non-members nothing', async () => {
      const chat = await direct(client, alice, bob);
      const evesChat = await direct(client, alice, eve);
      const [b, e] = [await open(), await open()];
      await b.ready(bob.token);
      await e.ready(eve.token);
      const message = await sent(client, alice, chat.id, 'hello bob');
      const frame = await b.next(isMessageNew(chat.id));
      expect(frame).toEqual({
        op: 'event',
        scope: 'conversation',
        conversation_id: chat.id,
        seq: expect.any(Number),
        type: 'message.new',
        payload: { message_id: message.id, message },
      });
      // A later message where eve is a member arrives; the first one never did.
      await sent(client, alice, evesChat.id, 'hello eve');
      await e.next(isMessageNew(evesChat.id));
      expect(
        e.frames.some(
          (f) => f.op === 'event' && f.scope === 'conversation' && f.conversation_id === chat.id,
        ),
      ).toBe(false);
    });

    it('stops delivering to a member who left a group', async () => {
      const group = { body: await groupWith(client, alice, 'Leavers', bob, eve) };
      const chat = await direct(client, alice, bob);
      const b = await open();
      await b.ready(bob.token);
      await sent(client, alice, group.body.id, 'before');
      await b.next(isMessageNew(group.body.id));
      expect(
        (await client.delete(`/user/conversations/${group.body.id}`, { token: bob.token })).status,
      ).toBe(200);
      await b.next(
        (f) => f.op === 'event' && f.scope === 'user' && f.type === 'conversation.deleted',
      );
      await sent(client, alice, group.body.id, 'after');
      await sent(client, alice, chat.id, 'sentinel');
      await b.next(isMessageNew(chat.id));
      // His own "left" service line (group-notice.ts) comes in the leaving
      // transaction, while his socket still follows the group; "after" never.
      const got = b.frames
        .filter(isMessageNew(group.body.id))
        .map((f) =>
          f.payload.message.type === GROUP_NOTICE_TYPE ? 'left line' : f.payload.message.message,
        );
      expect(got).toEqual(['before', 'left line']);
    });

    it('follows a conversation created after hello', async () => {
      const b = await open();
      await b.ready(bob.token);
      const group = { body: await groupWith(client, alice, 'New', bob) };
      await b.next(
        (f) => f.op === 'event' && f.scope === 'user' && f.type === 'conversation.joined',
      );
      const message = await sent(client, alice, group.body.id, 'welcome');
      // After the group's "created" service line, the message.
      const isWelcome = (f: ServerFrame) =>
        isMessageNew(group.body.id)(f) && f.payload.message.id === message.id;
      expect(await b.next(isWelcome)).toMatchObject({
        payload: { message: { id: message.id, message: 'welcome' } },
      });
    });
  });

  describe('resume', () => {
    const seqOf = (f: ServerFrame) => (f.op === 'event' ? f.seq : -1);

    it('sends exactly the missed events, in order, after a cut', async () => {
      const chat = await direct(client, alice, eve);
      const first = await open();
      await first.ready(eve.token, { conversations: {} });
      const burst = (async () => {
        const ids: number[] = [];
        for (let i = 0; i < 50; i += 1) ids.push((await sent(client, alice, chat.id, `m${i}`)).id);
        return ids;
      })();
      for (let i = 0; i < 20; i += 1) await first.next(isMessageNew(chat.id), 10_000);
      first.ws.terminate();
      const seen = first.frames.filter(isMessageNew(chat.id));
      const lastSeq = seqOf(seen.at(-1) as ServerFrame);
      const ids = await burst;

      const second = await open();
      await second.ready(eve.token, { conversations: { [chat.id]: lastSeq } });
      while (second.frames.filter(isMessageNew(chat.id)).length < ids.length - seen.length) {
        await second.next(isMessageNew(chat.id), 10_000);
      }
      await sleep(100); // nothing more may follow
      const got = [...seen, ...second.frames.filter(isMessageNew(chat.id))];
      const gotIds = got.map((f) => (f.op === 'event' ? f.payload.message_id : 0));
      expect(gotIds).toEqual(ids);
      const seqs = got.map(seqOf);
      expect(seqs).toEqual(seqs.map((_s, i) => (seqs[0] ?? 0) + i));
    });

    it('tells a client too far behind (or ahead) to refetch', async () => {
      const chat = await direct(client, bob, eve);
      for (let i = 0; i < 3; i += 1) await sent(client, bob, chat.id, `x${i}`);
      const row = await ts.store.db
        .selectFrom('conversations')
        .select('last_seq')
        .where('id', '=', chat.id)
        .executeTakeFirstOrThrow();
      // 501 more events without 501 requests: straight into the log.
      await ts.store.db
        .insertInto('conversation_events')
        .values(
          Array.from({ length: 501 }, (_v, i) => ({
            conversation_id: chat.id,
            seq: row.last_seq + 1 + i,
            type: 'message.viewed',
            payload: '{}',
            created_at: new Date().toISOString(),
          })),
        )
        .execute();
      await ts.store.db
        .updateTable('conversations')
        .set({ last_seq: row.last_seq + 501 })
        .where('id', '=', chat.id)
        .execute();
      const behind = await open();
      await behind.ready(bob.token, { conversations: { [chat.id]: row.last_seq - 1 } });
      expect(await behind.next((f) => f.op === 'refetch')).toEqual({
        op: 'refetch',
        scope: 'conversation',
        conversation_id: chat.id,
      });
      const ahead = await open();
      await ahead.ready(bob.token, { conversations: { [chat.id]: 10_000 } });
      expect(await ahead.next((f) => f.op === 'refetch')).toMatchObject({
        conversation_id: chat.id,
      });
    });

    it('tells a client to refetch what it names but no longer belongs to', async () => {
      // Bob's cached copy of a group he was removed from while away, with
      // a user_seq past the removal (a list page moved it there).
      const group = { body: await groupWith(client, alice, 'Gone', bob) };
      const id = group.body.id;
      await sent(client, alice, id, 'before');
      const chat = await direct(client, alice, bob);
      const remove = `/user/conversations/${id}/members/${bob.id}/remove`;
      expect((await client.post(remove, {}, { token: alice.token })).status).toBe(200);
      const seqs = await ts.store.db
        .selectFrom('users')
        .select('last_seq')
        .where('id', '=', bob.id)
        .executeTakeFirstOrThrow();
      const b = await open();
      const never = 2_000_000_000; // no such conversation: the same answer
      await b.ready(bob.token, {
        user_seq: seqs.last_seq,
        conversations: { [id]: 1, [chat.id]: 0, [never]: 0 },
      });
      await b.next((f) => f.op === 'refetch' && f.conversation_id === never);
      expect(b.frames.filter((f) => f.op === 'refetch')).toEqual([
        { op: 'refetch', scope: 'conversation', conversation_id: id },
        { op: 'refetch', scope: 'conversation', conversation_id: never },
      ]);
      // What the client does then: the fetch says the group is not Bob's.
      const fetched = await client.post(
        '/user/conversation',
        { conversation_id: id },
        { token: bob.token },
      );
      expect(fetched.status).toBe(404);
      // And it is not followed: only the direct chat's message arrives.
      await sent(client, alice, id, 'after');
      await sent(client, alice, chat.id, 'sentinel');
      await b.next(isMessageNew(chat.id));
      expect(b.frames.filter(isMessageNew(id))).toHaveLength(0);
    });

    it('replays missed user events', async () => {
      const chat = await direct(client, bob, eve);
      const b = await open();
      const ready = await b.ready(bob.token, { user_seq: 0 });
      expect(ready.op).toBe('ready');
      const userEvents = await ts.store.db
        .selectFrom('user_events')
        .select('seq')
        .where('user_id', '=', bob.id)
        .orderBy('seq')
        .execute();
      // Pin the chat offline, then resume from before it.
      b.close();
      const before = userEvents.at(-1)?.seq ?? 0;
      await client.post(
        `/user/conversations/${chat.id}/pin`,
        { value: true },
        { token: bob.token },
      );
      const again = await open();
      await again.ready(bob.token, { user_seq: before });
      const frame = await again.next((f) => f.op === 'event' && f.scope === 'user');
      expect(frame).toMatchObject({ seq: before + 1, type: 'conversation.updated' });
    });
  });
});
