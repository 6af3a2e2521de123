import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SOCKET_SENDS_MAX_PENDING, WS_CLOSE } from '@parley/protocol/realtime';
import type { ServerFrame } from '@parley/protocol/realtime';
import { direct, history, person } from './messaging';
import type { Person } from './messaging';
import { isMessageNew, TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Sending over the socket (op `send`): the same call as POST /user/messages,
// answered by `sent` or `send_failed` with the status and body HTTP would give.

type Sent = Extract<ServerFrame, { op: 'sent' }>;
type Failed = Extract<ServerFrame, { op: 'send_failed' }>;
const replyTo = (ref: string) => (f: ServerFrame) =>
  (f.op === 'sent' || f.op === 'send_failed') && f.ref === ref;

describe.each(stores())('sending over the socket ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  const sockets: TestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.ws.terminate();
  });

  const signedIn = async (who: Person) => {
    const socket = await TestSocket.open(suite.server.url);
    sockets.push(socket);
    await socket.ready(who.token);
    return socket;
  };
  /** Sends over `socket` and waits for its reply. */
  const viaSocket = async (socket: TestSocket, body: Record<string, unknown>) => {
    const ref = randomUUID();
    socket.send({ op: 'send', ref, body });
    return (await socket.next(replyTo(ref))) as Sent | Failed;
  };

  it('stores the message, answers with it after the commit, and delivers it', async () => {
    const { client } = suite;
    const [alice, bob] = [await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    const [aliceSocket, bobSocket] = [await signedIn(alice), await signedIn(bob)];
    const uuid = randomUUID();

    const reply = await viaSocket(aliceSocket, {
      conversation_id: chat.id,
      uuid,
      message: '  over the socket  ',
    });
    expect(reply.op).toBe('sent');
    const message = (reply as Sent).message;
    expect(message).toMatchObject({ uuid, message: 'over the socket', user_id: alice.id });
    // What the reply says is what history holds, as HTTP's reply would be.
    const { messages: data } = await history(client, bob, chat.id);
    expect(data.at(-1)).toEqual(message);
    const event = await bobSocket.next(isMessageNew(chat.id));
    expect(event.op === 'event' && event.payload).toMatchObject({ message_id: message.id });

    // The same uuid again (a retry after a lost reply): the same message, no second one.
    const again = await viaSocket(aliceSocket, {
      conversation_id: chat.id,
      uuid,
      message: 'over the socket',
    });
    expect((again as Sent).message.id).toBe(message.id);
    expect(
      (await history(client, bob, chat.id)).messages.filter((m) => m.uuid === uuid),
    ).toHaveLength(1);
  });

  it('refuses as HTTP does: same status and body, and the socket stays open', async () => {
    const { client } = suite;
    const [alice, bob, eve] = [await person(client), await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    const eveSocket = await signedIn(eve);
    const bodies: Record<string, unknown>[] = [
      // Not a member of the conversation.
      { conversation_id: chat.id, uuid: randomUUID(), message: 'let me in' },
      // No such conversation.
      { conversation_id: 987_654, uuid: randomUUID(), message: 'anyone?' },
      // Field rules: no uuid, an empty message, a text over the limit.
      { conversation_id: chat.id, message: 'no uuid' },
      { conversation_id: chat.id, uuid: randomUUID(), message: '   ' },
      { conversation_id: chat.id, uuid: randomUUID(), message: 'x'.repeat(20_000) },
    ];
    for (const body of bodies) {
      const http = await client.post('/user/messages', body, { token: eve.token });
      const reply = await viaSocket(eveSocket, body);
      expect(reply.op).toBe('send_failed');
      expect({ status: (reply as Failed).status, body: (reply as Failed).error }).toEqual({
        status: http.status,
        body: http.body,
      });
      expect([403, 404, 422]).toContain(http.status);
    }
    // Nothing got in, and the socket still answers.
    expect((await history(client, alice, chat.id)).messages).toHaveLength(0);
    eveSocket.send({ op: 'ping' });
    await eveSocket.next((f) => f.op === 'pong');
  });

  it('stores one socket’s sends in the order they were sent', async () => {
    const { client } = suite;
    const [alice, bob] = [await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    const socket = await signedIn(alice);
    const texts = Array.from({ length: 20 }, (_, i) => `in order ${i}`);
    const refs = texts.map((message) => {
      const ref = randomUUID();
      socket.send({
        op: 'send',
        ref,
        body: { conversation_id: chat.id, uuid: randomUUID(), message },
      });
      return ref;
    });
    const replies = await Promise.all(refs.map((ref) => socket.next(replyTo(ref))));
    expect(replies.every((r) => r.op === 'sent')).toBe(true);
    const stored = (await history(client, bob, chat.id)).messages.map((m) => m.message);
    expect(stored).toEqual(texts);
  });

  it('answers 429 to sends past the pending limit and stores every one it accepted', async () => {
    const { client } = suite;
    const [alice, bob] = [await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    const socket = await signedIn(alice);
    const count = SOCKET_SENDS_MAX_PENDING * 3;
    // Written at once: they arrive together, before the first commit.
    const refs = Array.from({ length: count }, (_, i) => {
      const ref = `burst-${i}`;
      socket.send({
        op: 'send',
        ref,
        body: { conversation_id: chat.id, uuid: randomUUID(), message: ref },
      });
      return ref;
    });
    const replies = await Promise.all(refs.map((ref) => socket.next(replyTo(ref), 10_000)));
    const accepted = replies.filter((r): r is Sent => r.op === 'sent');
    const refused = replies.filter((r): r is Failed => r.op === 'send_failed');
    expect(accepted.length + refused.length).toBe(count);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect(r).toMatchObject({ status: 429, error: { message: 'Too many requests.' } });
    const stored = (await history(client, bob, chat.id, '?limit=100')).messages.map(
      (m) => m.message,
    );
    expect(stored).toEqual(accepted.map((r) => r.message.message));
  });

  it('takes no send before hello', async () => {
    const { client } = suite;
    const [alice, bob] = [await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    const socket = await TestSocket.open(suite.server.url);
    sockets.push(socket);
    socket.send({
      op: 'send',
      ref: 'early',
      body: { conversation_id: chat.id, uuid: randomUUID(), message: 'too early' },
    });
    expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
    expect((await history(client, bob, chat.id)).messages).toHaveLength(0);
  });
});
