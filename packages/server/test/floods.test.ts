import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import { WS_CLOSE } from '@parley/protocol/realtime';
import type { RateLimitConfig } from '../src/config';
import { counterBackends } from './counters';
import { Client, NO_LIMITS, startServer } from './harness';
import type { Server, ServerOptions } from './harness';
import { direct, person, send } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import type { TestStore } from './stores';

// Issue 18, "Floods": sends per user (HTTP and socket share one budget, 429
// with a retry time), typing relayed at most once per window per chat, and
// a cap on one user's sockets. Counters in memory and, with TEST_REDIS_URL,
// in Redis — where two nodes share them.

const sqlite = stores().find((b) => b.name === 'sqlite');
if (!sqlite) throw new Error('SQLite backend missing');

describe.each(counterBackends())('floods with $name counters', (counters) => {
  let ts: TestStore;
  const opened: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    ts = await sqlite.open();
  });
  afterAll(async () => {
    for (const close of opened.reverse()) await close();
    await ts?.store.close();
    await ts?.destroy();
  });

  async function serverWith(
    rules: Partial<RateLimitConfig>,
    extra: ServerOptions = {},
    shared?: ReturnType<typeof counters.open>,
  ): Promise<{ server: Server; client: Client; counters: ReturnType<typeof counters.open> }> {
    const c = shared ?? counters.open();
    const server = await startServer(ts.store, {
      rateLimits: { ...NO_LIMITS, ...rules },
      redis: c.redis,
      rateLimitPrefix: c.prefix,
      ...extra,
    });
    opened.push(() => server.close());
    if (!shared) opened.push(() => c.close());
    return { server, client: new Client(server.url), counters: c };
  }

  it('limits sends per user over HTTP with 429, Retry-After and retry_after', async () => {
    const { client } = await serverWith({ sendPerUser: { max: 3, windowSeconds: 60 } });
    const a = await person(client);
    const b = await person(client);
    const chat = await direct(client, a, b);
    for (let i = 0; i < 3; i++) expect((await send(client, a, chat.id, `m${i}`)).status).toBe(200);
    const refused = await send(client, a, chat.id, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MSG.tooManyRequests, retry_after: expect.any(Number) });
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect((refused.body as unknown as { retry_after: number }).retry_after).toBe(retry);
    // Another user's budget is their own.
    expect((await send(client, b, chat.id, 'mine')).status).toBe(200);
  });

  it('counts socket sends in the same budget and refuses with send_failed 429', async () => {
    const { server, client } = await serverWith({ sendPerUser: { max: 4, windowSeconds: 60 } });
    const a = await person(client);
    const b = await person(client);
    const chat = await direct(client, a, b);
    expect((await send(client, a, chat.id, 'over http')).status).toBe(200);
    const socket = await TestSocket.open(server.url);
    await socket.ready(a.token);
    const refs = Array.from({ length: 5 }, (_, i) => `r${i}`);
    for (const ref of refs) {
      socket.send({
        op: 'send',
        ref,
        body: { conversation_id: chat.id, uuid: randomUUID(), message: ref },
      });
    }
    // One socket's sends are handled in order: so are their replies.
    const replies = [];
    for (const ref of refs) {
      replies.push(
        await socket.next((f) => (f.op === 'sent' || f.op === 'send_failed') && f.ref === ref),
      );
    }
    expect(replies.filter((f) => f.op === 'sent')).toHaveLength(3);
    const failed = replies.filter((f) => f.op === 'send_failed');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({
      status: 429,
      error: { message: MSG.tooManyRequests, retry_after: expect.any(Number) },
    });
    socket.close();
  });

  it.runIf(counters.name === 'redis')('holds the send budget across two nodes', async () => {
    const rules = { sendPerUser: { max: 2, windowSeconds: 60 } };
    const first = await serverWith(rules);
    const second = await serverWith(rules, {}, first.counters);
    const a = await person(first.client);
    const b = await person(first.client);
    const chat = await direct(first.client, a, b);
    expect((await send(first.client, a, chat.id, 'one')).status).toBe(200);
    expect((await send(second.client, a, chat.id, 'two')).status).toBe(200);
    expect((await send(first.client, a, chat.id, 'three')).status).toBe(429);
    expect((await send(second.client, a, chat.id, 'four')).status).toBe(429);
  });

  it('relays at most one typing start per window per user per chat, and drops its stops', async () => {
    const { server, client } = await serverWith({ typingPerChat: { max: 1, windowSeconds: 30 } });
    const a = await person(client);
    const b = await person(client);
    const chat = await direct(client, a, b);
    const typist = await TestSocket.open(server.url);
    await typist.ready(a.token);
    const reader = await TestSocket.open(server.url);
    await reader.ready(b.token);
    for (let i = 0; i < 50; i++) {
      typist.send({ op: 'typing', conversation_id: chat.id, state: 'start' });
      typist.send({ op: 'typing', conversation_id: chat.id, state: 'stop' });
    }
    // A ping after the flood: its pong comes after every typing frame was handled.
    typist.send({ op: 'ping' });
    await typist.next((f) => f.op === 'pong');
    // The relays reach the reader through the bus: a marker send after them.
    await send(client, a, chat.id, 'marker');
    await reader.next((f) => f.op === 'event' && f.type === 'message.new');
    const typing = reader.frames.filter((f) => f.op === 'typing');
    expect(typing.map((f) => (f.op === 'typing' ? f.state : null))).toEqual(['start', 'stop']);
    typist.close();
    reader.close();
  });

  it('refuses a user’s socket past the cap with 4029 and keeps the open ones', async () => {
    const { server, client } = await serverWith({}, { abuseLimits: { socketsPerUser: 3 } });
    const a = await person(client);
    const b = await person(client);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await TestSocket.open(server.url);
      await s.ready(a.token);
      sockets.push(s);
    }
    const extra = await TestSocket.open(server.url);
    extra.hello(a.token);
    expect((await extra.closed).code).toBe(WS_CLOSE.tooManySockets);
    // The open ones still work; another user is not affected.
    sockets[0]?.send({ op: 'ping' });
    await sockets[0]?.next((f) => f.op === 'pong');
    const other = await TestSocket.open(server.url);
    await other.ready(b.token);
    // One closes: a new one fits again.
    sockets.pop()?.close();
    await new Promise((r) => setTimeout(r, 100));
    const again = await TestSocket.open(server.url);
    await again.ready(a.token);
    for (const s of [...sockets, other, again]) s.close();
  });
});
