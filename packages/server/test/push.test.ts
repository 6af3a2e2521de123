import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { createPushWorker } from '../src/features/push/worker';
import { createSender } from '../src/features/push/sender';
import { loadOrCreateVapidKeys } from '../src/features/push/vapid';
import { Client, startServer } from './harness';
import type { Server } from './harness';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { startPushReceiver } from './push-receiver';
import type { PushReceiver, TestDevice } from './push-receiver';
import { stores } from './stores';
import type { TestStore } from './stores';

// Web Push end to end on the server (features/push, docs/PUSH.md): devices
// registered over HTTP, messages sent over HTTP, the queue drained, and
// what arrives at a local push service (push-receiver.ts) decrypted and
// its VAPID JWT verified. Every store backend.

describe.each(stores())('web push ($name)', (backend) => {
  let ts: TestStore;
  let server: Server;
  let app: App;
  let client: Client;
  let receiver: PushReceiver;
  let alice: Person;
  let bob: Person;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    receiver = await startPushReceiver();
    ts = await backend.open();
    server = await startServer(ts.store, {
      now: clock,
      publicUrl: 'https://parley.test',
      push: {
        guard: {
          resolver: () => Promise.reject(new Error('no DNS in tests')),
          allow: [{ address: '127.0.0.1', port: receiver.port }],
          onlyAllowed: false,
        },
        pollMs: 0, // drained by hand
        backoffMs: 1000,
      },
    });
    app = server.app;
    client = new Client(server.url);
    [alice, bob] = [await person(client), await person(client)];
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await ts?.store.close();
    await ts?.destroy();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.resetFailures();
    offsetMs = 0;
  });

  // Sign-in notices already queued are fanned out first (to no device yet), so
  // a test's pushes are only its own messages'.
  const register = async (who: Person, device: TestDevice, locale = 'en') => {
    await drain();
    return client.post(
      '/user/apps/token/create',
      { token: JSON.stringify(device.subscription), app_type: 'web' },
      { token: who.token, headers: { 'accept-language': locale } },
    );
  };
  const subscriptionCount = async (userId: number) =>
    Number(
      (
        await ts.store.db
          .selectFrom('push_subscriptions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const drain = () => app.push.settle();

  it('gives the VAPID key and refuses what is not a subscription or not reachable', async () => {
    const key = await client.get<{ public_key: string }>('/user/apps/vapid-key', {
      token: bob.token,
    });
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.public_key, 'base64url')).toHaveLength(65);
    expect((await client.get('/user/apps/vapid-key')).status).toBe(401);

    const post = (body: unknown) =>
      client.post('/user/apps/token/create', body, { token: bob.token });
    expect((await post({ token: 'not json', app_type: 'web' })).status).toBe(422);
    expect((await post({ token: '{}', app_type: 'web' })).status).toBe(422);
    const device = receiver.device('refused');
    expect(
      (await post({ token: JSON.stringify(device.subscription), app_type: 'ios' })).status,
    ).toBe(422);
    const elsewhere = (endpoint: string) =>
      post({ token: JSON.stringify({ ...device.subscription, endpoint }), app_type: 'web' });
    // The link previews' guard: private, loopback on another port, plain http, a name (no DNS here).
    for (const endpoint of [
      'https://10.0.0.1/push/x',
      'https://169.254.169.254/latest',
      'http://127.0.0.1:1/push/x',
      'https://127.0.0.1/push/x',
      'http://push.example.com/x',
    ]) {
      expect((await elsewhere(endpoint)).status, endpoint).toBe(422);
    }
    expect(await subscriptionCount(bob.id)).toBe(0);
  });

  it('pushes a new message encrypted (RFC 8291) with a VAPID JWT (RFC 8292), TTL and topic', async () => {
    const device = receiver.device('bob-laptop');
    expect((await register(bob, device)).status).toBe(200);
    expect((await register(bob, device)).status).toBe(200); // the same endpoint: one device
    expect(await subscriptionCount(bob.id)).toBe(1);

    const chat = await direct(client, alice, bob);
    const message = await sent(client, alice, chat.id, 'Lunch at noon?');
    await drain();
    const [push] = await receiver.waitFor(1);
    expect(receiver.failures()).toEqual([]);
    expect(push?.payload).toEqual({
      v: 1,
      kind: 'message',
      conversation_id: chat.id,
      message_id: message.id,
      tag: `parley-conversation-${chat.id}`,
      title: alice.name,
      body: 'Lunch at noon?',
      identifies: true,
      icon: null,
      unread: expect.any(Number),
    });
    expect(Number(push?.payload.unread)).toBeGreaterThanOrEqual(1);
    const key = await client.get<{ public_key: string }>('/user/apps/vapid-key', {
      token: bob.token,
    });
    expect(push?.vapidKey).toBe(key.body.public_key);
    expect(push?.jwtAlg).toBe('ES256');
    expect(push?.jwt.aud).toBe(`http://127.0.0.1:${receiver.port}`);
    expect(push?.jwt.sub).toBe('https://parley.test');
    const exp = Number(push?.jwt.exp) * 1000;
    expect(exp).toBeGreaterThan(Date.now());
    expect(exp).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(push?.ttl).toBeGreaterThan(86_000);
    expect(push?.ttl).toBeLessThanOrEqual(86_400);
    expect(push?.topic).toBe(`c${chat.id}`);
    expect(app.push.worker.stats.sent).toBeGreaterThan(0);
  });

  it('collapses per conversation: the same tag and topic, the badge counts up', async () => {
    const chat = await direct(client, alice, bob);
    await sent(client, alice, chat.id, 'one');
    await sent(client, alice, chat.id, 'two');
    await drain();
    const pushes = await receiver.waitFor(2);
    expect(new Set(pushes.map((p) => p.payload.tag))).toEqual(
      new Set([`parley-conversation-${chat.id}`]),
    );
    expect(new Set(pushes.map((p) => p.topic))).toEqual(new Set([`c${chat.id}`]));
    // The badge shows the count when the push is made (both sends are in by then).
    const unread = pushes.map((p) => Number(p.payload.unread));
    expect(unread[0]).toBeGreaterThanOrEqual(2);
    expect(unread[1]).toBe(unread[0]);
  });

  it('never pushes a group service line, but does push the message after it', async () => {
    expect((await register(bob, receiver.device('bob-lines'))).status).toBe(200);
    // Bob has written to Alice: she may add him at once (rules/group-consent.ts).
    await sent(client, bob, (await direct(client, alice, bob)).id, 'hi');
    await drain();
    receiver.received.length = 0;
    const group = await client.post<{ id: number }>(
      '/user/groups/create',
      { group_name: 'No push', member_ids: [bob.id] },
      { token: alice.token },
    );
    expect(group.status).toBe(200);
    await client.post(
      `/user/conversations/${group.body.id}/edit`,
      { name: 'Still no push' },
      { token: alice.token },
    );
    await drain();
    expect(receiver.received).toEqual([]);
    await sent(client, alice, group.body.id, 'pushed');
    await drain();
    // One per device of Bob's (an earlier test registered another), all for the message.
    const pushes = await receiver.waitFor(1);
    expect(new Set(pushes.map((p) => p.payload.conversation_id))).toEqual(new Set([group.body.id]));
  });

  it('follows the mutes, and never pushes own messages', async () => {
    const chat = await direct(client, alice, bob);
    await sent(client, bob, chat.id, 'my own');
    await client.post(`/user/conversations/${chat.id}/mute`, { value: true }, { token: bob.token });
    await sent(client, alice, chat.id, 'while muted');
    await drain();
    expect(receiver.received).toEqual([]);
    await client.post(
      `/user/conversations/${chat.id}/mute`,
      { value: false },
      { token: bob.token },
    );
    await client.post('/user/mute', { muted: true }, { token: bob.token });
    await sent(client, alice, chat.id, 'all muted');
    await drain();
    expect(receiver.received).toEqual([]);
    await client.post('/user/mute', { muted: false }, { token: bob.token });
  });

  it('queues nothing where no one else has a device, and queues once someone has', async () => {
    const outbox = async () =>
      Number(
        (
          await ts.store.db
            .selectFrom('push_outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [carol, dave] = [await person(client), await person(client)];
    const chat = await direct(client, carol, dave);
    await drain();
    const before = await outbox();
    await sent(client, carol, chat.id, 'nobody here has push on');
    expect(await outbox()).toBe(before);

    expect((await register(dave, receiver.device('dave-phone'))).status).toBe(200);
    await sent(client, carol, chat.id, 'now Dave has a device');
    expect(await outbox()).toBe(before + 1);
    await drain();
    const [push] = await receiver.waitFor(1);
    expect(push?.payload).toMatchObject({ body: 'now Dave has a device' });
    // Dave's own message: Carol has no device, so nothing is queued for it.
    await sent(client, dave, chat.id, 'thanks');
    expect(await outbox()).toBe(0);
  });

  it('sends no content in paranoid mode, and in the device language', async () => {
    const carol = await person(client);
    const device = receiver.device('carol-phone');
    expect((await register(carol, device, 'ru')).status).toBe(200);
    await client.post(
      '/user/settings/set-secret',
      { secret: '2718', secret_confirmation: '2718', secret_hint: 'e' },
      { token: carol.token },
    );
    expect((await client.post('/user/paranoid', { on: true }, { token: carol.token })).status).toBe(
      200,
    );
    const chat = await direct(client, alice, carol);
    await sent(client, alice, chat.id, 'the secret plan');
    await drain();
    const [push] = await receiver.waitFor(1);
    expect(push?.payload).toMatchObject({
      title: 'Parley',
      body: 'Новое сообщение',
      identifies: false,
      icon: null,
    });
    expect(JSON.stringify(push?.payload)).not.toContain('secret plan');
    expect(JSON.stringify(push?.payload)).not.toContain(alice.name);
  });

  it('skips a device whose tab is visible', async () => {
    const dave = await person(client);
    expect((await register(dave, receiver.device('dave'))).status).toBe(200);
    const row = await ts.store.db
      .selectFrom('push_subscriptions')
      .select('session_id')
      .where('user_id', '=', dave.id)
      .executeTakeFirstOrThrow();
    await app.push.visibility(row.session_id ?? 0, true);
    const chat = await direct(client, alice, dave);
    await sent(client, alice, chat.id, 'you are looking');
    await drain();
    expect(receiver.received).toEqual([]);
    await app.push.visibility(row.session_id ?? 0, false);
    await sent(client, alice, chat.id, 'you looked away');
    await drain();
    expect((await receiver.waitFor(1))[0]?.payload.body).toBe('you looked away');
  });

  it('retries with back-off, expires after the TTL, and drops a subscription on 410', async () => {
    const erin = await person(client);
    expect((await register(erin, receiver.device('erin'))).status).toBe(200);
    const chat = await direct(client, alice, erin);
    receiver.answer('erin', 503);
    const before = { ...app.push.worker.stats };
    await sent(client, alice, chat.id, 'later');
    await drain();
    expect(app.push.worker.stats.failed).toBe(before.failed + 1);
    const job = await ts.store.db.selectFrom('push_jobs').selectAll().executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    expect(Date.parse(job.next_at)).toBeGreaterThan(Date.now() + 500);
    offsetMs = 25 * 3600_000; // past the 24 h TTL
    await drain();
    expect(app.push.worker.stats.expired).toBe(before.expired + 1);
    expect(await ts.store.db.selectFrom('push_jobs').selectAll().execute()).toEqual([]);

    offsetMs = 0;
    receiver.answer('erin', 410);
    await sent(client, alice, chat.id, 'gone?');
    await drain();
    expect(app.push.worker.stats.gone).toBe(before.gone + 1);
    expect(await subscriptionCount(erin.id)).toBe(0);
  });

  it('sends each push once when two workers drain the same queue', async () => {
    const frank = await person(client);
    const devices = ['f1', 'f2', 'f3'].map((n) => receiver.device(n));
    for (const d of devices) expect((await register(frank, d)).status).toBe(200);
    const chat = await direct(client, alice, frank);
    for (let i = 0; i < 5; i++) await sent(client, alice, chat.id, `m${i}`);
    const otherSender = createSender({
      vapid: await loadOrCreateVapidKeys(ts.store.db, new Date()),
      subject: 'https://parley.test',
      guard: {
        resolver: () => Promise.reject(new Error('no DNS')),
        allow: [{ address: '127.0.0.1', port: receiver.port }],
        onlyAllowed: false,
      },
      timeoutMs: 5000,
    });
    const other = createPushWorker({
      db: ts.store.db,
      now: clock,
      log: app.log,
      send: otherSender.send,
      concurrency: 4,
      backoffMs: 1000,
    });
    await Promise.all([drain(), other.drain(), drain()]);
    await otherSender.close();
    await receiver.waitFor(15);
    const keys = receiver.received.map((p) => `${p.device}:${String(p.payload.message_id)}`);
    expect(keys).toHaveLength(15);
    expect(new Set(keys).size).toBe(15);
  });

  it('forgets the device when push is turned off and on logout (firebase_token)', async () => {
    const gina = await person(client);
    const a = receiver.device('gina-a');
    const b = receiver.device('gina-b');
    await register(gina, a);
    await register(gina, b);
    expect(await subscriptionCount(gina.id)).toBe(2);
    const off = await client.post(
      '/user/apps/token/delete',
      { token: JSON.stringify(a.subscription) },
      { token: gina.token },
    );
    expect(off.status).toBe(200);
    expect(await subscriptionCount(gina.id)).toBe(1);
    // Someone else's token changes nothing.
    await client.post(
      '/user/apps/token/delete',
      { token: JSON.stringify(b.subscription) },
      { token: alice.token },
    );
    expect(await subscriptionCount(gina.id)).toBe(1);
    const out = await client.post(
      '/logout',
      { firebase_token: JSON.stringify(b.subscription) },
      { token: gina.token },
    );
    expect(out.status).toBe(200);
    expect(await subscriptionCount(gina.id)).toBe(0);
  });
});
