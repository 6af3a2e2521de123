import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { GroupInvitationList } from '@parley/protocol/group-invitation';
import { MSG } from '@parley/protocol/messages';
import {
  SOCKET_SENDS_MAX_PENDING,
  SOCKET_SENDS_RETRY_AFTER_SECONDS,
  WS_CLOSE,
} from '@parley/protocol/realtime';
import type { ServerFrame } from '@parley/protocol/realtime';
import { counterBackends } from './counters';
import { createConversation } from './groups';
import type { Client } from './harness';
import { NO_LIMITS } from './harness';
import { direct, history, person } from './messaging';
import type { Person } from './messaging';
import { sleep, TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Issue 33, "Hostile users on the new surfaces", for the socket and the
// group invitations: a NUL character in any frame is refused as HTTP
// refuses it (it was stored on SQLite and a 500 on PostgreSQL); the
// pending window's 429 says how long to wait; the invitations one stranger
// can pile up on a person are limited with Retry-After; socket frames about
// a conversation reach nobody when the sender is not in it. On each store,
// PostgreSQL with its counters in Redis (the cluster's setup) when both run.

type Failed = Extract<ServerFrame, { op: 'send_failed' }>;
const replyTo = (ref: string) => (f: ServerFrame) =>
  (f.op === 'sent' || f.op === 'send_failed') && f.ref === ref;

const counters = counterBackends();
const cases = stores().map((store) => ({
  name: store.name,
  store,
  counters: (store.name === 'postgres' ? counters.at(-1) : counters[0])!,
}));

describe.each(cases)('socket and invitation security ($name)', ({ store, counters: backend }) => {
  const limits = backend.open();
  const suite = useSuiteServer(store, {
    rateLimits: {
      ...NO_LIMITS,
      invitePerPair: { max: 2, windowSeconds: 60 },
      invitePerInvitee: { max: 3, windowSeconds: 60 },
    },
    redis: limits.redis,
    rateLimitPrefix: limits.prefix,
  });
  const sockets: TestSocket[] = [];
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await limits.close();
  });
  const signedIn = async (who: Person) => {
    const socket = await TestSocket.open(suite.server.url);
    sockets.push(socket);
    await socket.ready(who.token);
    return socket;
  };

  it('refuses a NUL in a send as HTTP does (422), stores nothing, and stays open', async () => {
    const { client } = suite;
    const [alice, bob] = [await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    const socket = await signedIn(alice);
    const body = { conversation_id: chat.id, uuid: randomUUID(), message: 'a\u0000b' };
    const http = await client.post('/user/messages', body, { token: alice.token });
    expect(http.status).toBe(422);
    socket.send({ op: 'send', ref: 'nul', body });
    const reply = (await socket.next(replyTo('nul'))) as Failed;
    expect(reply.op).toBe('send_failed');
    expect({ status: reply.status, body: reply.error }).toEqual({
      status: 422,
      body: { message: MSG.validationFailed, errors: { message: [MSG.nulCharacter] } },
    });
    expect(http.body).toEqual(reply.error);
    // Deeper in the body too (a field that is not text at all).
    socket.send({ op: 'send', ref: 'deep', body: { ...body, message: 'ok', x: ['\u0000'] } });
    expect(((await socket.next(replyTo('deep'))) as Failed).status).toBe(422);
    expect((await history(client, bob, chat.id)).messages).toHaveLength(0);
    socket.send({ op: 'ping' });
    await socket.next((f) => f.op === 'pong');
  });

  it('refuses a NUL in any other frame: an error frame, or a close before hello', async () => {
    const { client } = suite;
    const alice = await person(client);
    const socket = await signedIn(alice);
    // Without the rule this token is tried, fails, and closes the socket (4001).
    socket.send({ op: 'auth', token: `${alice.token}\u0000` });
    expect(await socket.next((f) => f.op === 'error')).toEqual({
      op: 'error',
      message: MSG.nulCharacter,
    });
    socket.send({ op: 'ping' });
    await socket.next((f) => f.op === 'pong');

    const early = await TestSocket.open(suite.server.url);
    sockets.push(early);
    early.send({ op: 'hello', v: 1, token: 'x\u0000', user_seq: 0, conversations: {} });
    expect((await early.closed).code).toBe(WS_CLOSE.badFrame);
  });

  it('says how long to wait past the pending window (retry_after)', async () => {
    const { client } = suite;
    const [alice, bob] = [await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    const socket = await signedIn(alice);
    const refs = Array.from({ length: SOCKET_SENDS_MAX_PENDING * 3 }, (_, i) => {
      const ref = `burst-${i}`;
      socket.send({
        op: 'send',
        ref,
        body: { conversation_id: chat.id, uuid: randomUUID(), message: ref },
      });
      return ref;
    });
    const replies = await Promise.all(refs.map((ref) => socket.next(replyTo(ref), 15_000)));
    const refused = replies.filter((r): r is Failed => r.op === 'send_failed');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r).toMatchObject({
        status: 429,
        error: { message: MSG.tooManyRequests, retry_after: SOCKET_SENDS_RETRY_AFTER_SECONDS },
      });
    }
  });

  const invitationsOf = async (client: Client, who: Person) =>
    (await client.get<GroupInvitationList>('/user/group-invitations', { token: who.token })).body
      .invitations;
  const createWith = (client: Client, owner: Person, name: string, ...people: Person[]) =>
    client.post(
      '/user/groups/create',
      { group_name: name, member_ids: JSON.stringify(people.map((p) => p.id)) },
      { token: owner.token },
    );
  /** A stranger to `victim`: opened a direct chat, never answered. */
  const strangerTo = async (client: Client, victim: Person) => {
    const stranger = await person(client);
    await direct(client, stranger, victim);
    return stranger;
  };

  it('limits the invitations one stranger, and all strangers, can pile on a person', async () => {
    const { client } = suite;
    const victim = await person(client);
    const first = await strangerTo(client, victim);
    for (const name of ['one', 'two']) {
      expect((await createWith(client, first, name, victim)).status).toBe(200);
    }
    const third = await createWith(client, first, 'three', victim);
    expect(third.status).toBe(429);
    const wait = Number(third.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(third.body).toEqual({ message: MSG.tooManyRequests, retry_after: wait });
    // Refused whole: no group was made for it.
    const names = (await invitationsOf(client, victim)).map((i) => i.conversation.name);
    expect(names.sort()).toEqual(['one', 'two']);

    // Adding to a group that exists is held by the same budget.
    const later = await createConversation(client, first, 'group', { name: 'later' });
    const add = await client.post(
      `/user/conversations/${later.id}/members`,
      { user_ids: [victim.id] },
      { token: first.token },
    );
    expect(add.status).toBe(429);
    expect(Number(add.headers.get('retry-after'))).toBeGreaterThan(0);

    // Asking again someone whose invitation is still open costs nothing.
    const second = await strangerTo(client, victim);
    const added = await createConversation(client, second, 'group', {
      name: 'four',
      member_ids: [victim.id],
    });
    for (let i = 0; i < 3; i++) {
      const again = await client.post(
        `/user/conversations/${added.id}/members`,
        { user_ids: [victim.id] },
        { token: second.token },
      );
      expect(again.status).toBe(200);
    }

    // All strangers together: the victim's budget (3) is spent by one, two and four.
    const last = await strangerTo(client, victim);
    const refused = await createWith(client, last, 'five', victim);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await invitationsOf(client, victim)).toHaveLength(3);

    // Someone else is not held by the victim's budget.
    const other = await person(client);
    await direct(client, last, other);
    expect((await createWith(client, last, 'six', other)).status).toBe(200);
  });

  it('relays nothing about a conversation the socket’s user is not in', async () => {
    const { client } = suite;
    const [alice, bob, eve] = [await person(client), await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    const bobSocket = await signedIn(bob);
    // Eve lists the chat at hello: no backlog of it comes to her.
    const eveSocket = await TestSocket.open(suite.server.url);
    sockets.push(eveSocket);
    await eveSocket.ready(eve.token, { conversations: { [String(chat.id)]: 0 } });
    // Typing in it: refused to her, nothing relayed to Bob.
    eveSocket.send({ op: 'typing', conversation_id: chat.id, state: 'start' });
    expect(await eveSocket.next((f) => f.op === 'error')).toEqual({
      op: 'error',
      message: 'Not a member of this conversation.',
    });
    // A send into it: 403/404 as HTTP, nothing stored.
    const body = { conversation_id: chat.id, uuid: randomUUID(), message: 'let me in' };
    const http = await client.post('/user/messages', body, { token: eve.token });
    eveSocket.send({ op: 'send', ref: 'in', body });
    const reply = (await eveSocket.next(replyTo('in'))) as Failed;
    expect({ status: reply.status, body: reply.error }).toEqual({
      status: http.status,
      body: http.body,
    });
    expect([403, 404]).toContain(http.status);
    // A message Alice sends reaches Bob, not Eve; Bob saw no typing of Eve's.
    const aliceSays = await client.post(
      '/user/messages',
      { conversation_id: chat.id, uuid: randomUUID(), message: 'for bob' },
      { token: alice.token },
    );
    expect(aliceSays.status).toBe(200);
    await bobSocket.next((f) => f.op === 'event' && f.scope === 'conversation');
    await sleep(200);
    expect(eveSocket.frames.filter((f) => f.op === 'event' && f.scope === 'conversation')).toEqual(
      [],
    );
    expect(bobSocket.frames.filter((f) => f.op === 'typing')).toEqual([]);
    expect((await history(client, bob, chat.id)).messages.map((m) => m.message)).toEqual([
      'for bob',
    ]);
  });
});
