import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_DEVICES_MAX } from '@parley/protocol/push';
import { CLAIM_MS } from '../src/features/push/queue';
import { createSender } from '../src/features/push/sender';
import { loadOrCreateVapidKeys } from '../src/features/push/vapid';
import { createPushWorker } from '../src/features/push/worker';
import { registerAndLogin } from './harness';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { startPushReceiver } from './push-receiver';
import type { PushReceiver, TestDevice } from './push-receiver';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Web Push against hostile users, on every store: keys that are no P-256
// point (refused at registration; a row stored before that check cannot
// fail the others' pushes of its round, nor make them repeat), another
// account's endpoint (not taken over), and the per-account device cap.
// What arrives is decrypted by a real receiver (push-receiver.ts).

/** 0x04 then 64 zero bytes: the shape of a P-256 point, but (0, 0) is not on the curve. */
const POISONED_P256DH = 'B' + 'A'.repeat(86);

describe.each(stores())('web push security ($name)', (backend) => {
  let receiver: PushReceiver;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const allowed = { address: '127.0.0.1', port: 0 };
  const guard = {
    resolver: () => Promise.reject(new Error('no DNS in tests')),
    allow: [allowed],
    onlyAllowed: false,
  };
  beforeAll(async () => {
    receiver = await startPushReceiver();
    allowed.port = receiver.port;
  });
  const suite = useSuiteServer(backend, {
    now: clock,
    publicUrl: 'https://parley.test',
    push: { guard, pollMs: 0, backoffMs: 1000 },
  });
  afterAll(async () => {
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.resetFailures();
    offsetMs = 0;
  });

  const drain = () => suite.server.app.push.settle();
  const register = async (who: { token: string }, subscription: unknown) => {
    await drain(); // sign-in notices already queued go first (to no device yet)
    return suite.client.post(
      '/user/apps/token/create',
      { token: JSON.stringify(subscription), app_type: 'web' },
      { token: who.token },
    );
  };
  const devicesOf = async (userId: number) =>
    (
      await suite.ts.store.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((r) => r.endpoint);
  /** A subscription row stored as it was before registration checked keys. */
  const poisonedRow = async (who: Person, name: string) => {
    const session = await suite.ts.store.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', who.id)
      .executeTakeFirstOrThrow();
    const device = receiver.device(name);
    return suite.ts.store.db
      .insertInto('push_subscriptions')
      .values({
        user_id: who.id,
        session_id: session.id,
        endpoint: device.subscription.endpoint,
        p256dh: POISONED_P256DH,
        auth: device.subscription.keys.auth,
        locale: 'en',
        visible_until: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };
  /** "device:message" of every push that arrived. */
  const arrivals = () => receiver.received.map((p) => `${p.device}:${String(p.payload.body)}`);

  it('refuses keys that are no P-256 point or no 16-byte secret (422, nothing stored)', async () => {
    const mallory = await person(suite.client);
    const good = receiver.device('keys-good').subscription;
    const compressed = Buffer.from(good.keys.p256dh, 'base64url');
    compressed[0] = 0x02; // a compressed point's prefix, on 65 bytes
    const offCurve = Buffer.from(good.keys.p256dh, 'base64url');
    offCurve[64] = (offCurve[64] ?? 0) ^ 1; // y no longer matches x
    const cases: Array<[string, { p256dh?: string; auth?: string }, string]> = [
      ['(0, 0)', { p256dh: POISONED_P256DH }, 'p256dh is not a point on the P-256 curve'],
      ['off the curve', { p256dh: offCurve.toString('base64url') }, 'P-256 curve'],
      ['prefix', { p256dh: compressed.toString('base64url') }, 'uncompressed P-256'],
      ['64 bytes', { p256dh: Buffer.alloc(64, 4).toString('base64url') }, 'uncompressed P-256'],
      ['12-byte auth', { auth: Buffer.alloc(12, 7).toString('base64url') }, '16-byte'],
      ['17-byte auth', { auth: Buffer.alloc(17, 7).toString('base64url') }, '16-byte'],
    ];
    for (const [name, keys, words] of cases) {
      const reply = await register(mallory, { ...good, keys: { ...good.keys, ...keys } });
      expect(reply.status, name).toBe(422);
      expect(String(reply.body.message), name).toContain(words);
    }
    expect(await devicesOf(mallory.id)).toEqual([]);
    expect((await register(mallory, good)).status).toBe(200);
  });

  it('sends each good device each push exactly once when a poisoned key shares the round', async () => {
    const { client } = suite;
    const [alice, bob, carol, mallory] = [
      await person(client),
      await person(client),
      await person(client),
      await person(client),
    ];
    const good: TestDevice[] = [
      receiver.device('round-bob-1'),
      receiver.device('round-bob-2'),
      receiver.device('round-carol'),
    ];
    expect((await register(bob, good[0]?.subscription)).status).toBe(200);
    expect((await register(bob, good[1]?.subscription)).status).toBe(200);
    expect((await register(carol, good[2]?.subscription)).status).toBe(200);
    const poisoned = await poisonedRow(mallory, 'round-mallory');
    const [toMallory, toBob, toCarol] = [
      await direct(client, alice, mallory),
      await direct(client, alice, bob),
      await direct(client, alice, carol),
    ];
    // All in the outbox before one drain: one fan-out and one delivery round.
    await sent(client, alice, toMallory.id, 'to mallory');
    await sent(client, alice, toBob.id, 'bob one');
    await sent(client, alice, toCarol.id, 'carol one');
    await sent(client, alice, toBob.id, 'bob two');
    await drain();
    const expected = [
      'round-bob-1:bob one',
      'round-bob-1:bob two',
      'round-bob-2:bob one',
      'round-bob-2:bob two',
      'round-carol:carol one',
    ];
    await receiver.waitFor(expected.length);
    // Past every claim: a job left unfinished would be claimed and sent again now.
    offsetMs = CLAIM_MS + 5000;
    await drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(arrivals().sort()).toEqual(expected);
    expect(receiver.failures()).toEqual([]);
    expect(await suite.ts.store.db.selectFrom('push_jobs').selectAll().execute()).toEqual([]);
    // The row that can never be encrypted for is gone with its jobs.
    const left = await suite.ts.store.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('id', '=', poisoned.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('finishes the jobs that were sent when another push of the round throws', async () => {
    const { client, ts } = suite;
    const [alice, dana, erin] = [await person(client), await person(client), await person(client)];
    const danaDevice = receiver.device('throw-dana');
    const erinDevice = receiver.device('throw-erin');
    expect((await register(dana, danaDevice.subscription)).status).toBe(200);
    expect((await register(erin, erinDevice.subscription)).status).toBe(200);
    const [toDana, toErin] = [await direct(client, alice, dana), await direct(client, alice, erin)];
    const real = createSender({
      vapid: await loadOrCreateVapidKeys(ts.store.db, new Date()),
      subject: 'https://parley.test',
      guard,
      timeoutMs: 5000,
    });
    // A fault in sending Erin's push (a bug of ours, not a refusal): the worker must contain it.
    const worker = createPushWorker({
      db: ts.store.db,
      now: clock,
      log: suite.server.app.log,
      send: (device, push) =>
        device.endpoint === erinDevice.subscription.endpoint
          ? Promise.reject(new Error('injected fault'))
          : real.send(device, push),
      concurrency: 4,
      backoffMs: 1000,
    });
    try {
      await sent(client, alice, toErin.id, 'erin');
      await sent(client, alice, toDana.id, 'dana one');
      await sent(client, alice, toDana.id, 'dana two');
      await worker.drain();
      offsetMs = CLAIM_MS + 5000;
      await worker.drain();
      await receiver.waitFor(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(arrivals().sort()).toEqual(['throw-dana:dana one', 'throw-dana:dana two']);
      expect(await ts.store.db.selectFrom('push_jobs').selectAll().execute()).toEqual([]);
    } finally {
      await worker.stop();
      await real.close();
    }
  });

  it("refuses another account's live endpoint: the device is neither moved nor deletable", async () => {
    const { client } = suite;
    const [alice, victim, thief] = [
      await person(client),
      await person(client),
      await person(client),
    ];
    const device = receiver.device('takeover-victim');
    expect((await register(victim, device.subscription)).status).toBe(200);
    // The thief sends the endpoint with keys of their choosing.
    const own = receiver.device('takeover-thief').subscription.keys;
    const taken = await register(thief, { ...device.subscription, keys: own });
    expect(taken.status).toBe(403);
    expect(String(taken.body.message)).toContain('another account');
    expect(await devicesOf(thief.id)).toEqual([]);
    expect(await devicesOf(victim.id)).toEqual([device.subscription.endpoint]);
    const deleted = await client.post(
      '/user/apps/token/delete',
      { token: JSON.stringify(device.subscription) },
      { token: thief.token },
    );
    expect(deleted.status).toBe(200); // says nothing of whose it is, and changes nothing
    expect(await devicesOf(victim.id)).toEqual([device.subscription.endpoint]);
    // The victim's pushes still reach the victim's keys.
    const chat = await direct(client, alice, victim);
    await sent(client, alice, chat.id, 'still mine');
    await drain();
    await receiver.waitFor(1);
    expect(arrivals()).toEqual(['takeover-victim:still mine']);
    expect(receiver.failures()).toEqual([]);
  });

  it('lets a new account have an endpoint whose session ended, without the old pushes', async () => {
    const { client, ts } = suite;
    const [alice, before, after] = [
      await person(client),
      await person(client),
      await person(client),
    ];
    const device = receiver.device('handover');
    expect((await register(before, device.subscription)).status).toBe(200);
    const chat = await direct(client, alice, before);
    receiver.answer('handover', 503); // the old account's push waits in the queue
    await sent(client, alice, chat.id, 'for the old account');
    await drain();
    await ts.store.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', before.id)
      .execute();
    receiver.answer('handover', 201);
    expect((await register(after, device.subscription)).status).toBe(200);
    expect(await devicesOf(before.id)).toEqual([]);
    expect(await devicesOf(after.id)).toEqual([device.subscription.endpoint]);
    offsetMs = 3_600_000; // the old job would be due by now
    await drain();
    expect(arrivals()).toEqual([]);
  });

  it(`keeps at most ${PUSH_DEVICES_MAX} devices per account, replacing the least recently used`, async () => {
    const { client, ts } = suite;
    const first = await registerAndLogin(client);
    const me = await client.get<{ id: number }>('/user', { token: first.access_token });
    const signIn = async () =>
      (
        await client.post<{ access_token: string }>('/login', {
          login: first.account.login,
          password: first.account.password,
        })
      ).body.access_token;
    const [a, b, c] = [
      { token: first.access_token },
      { token: await signIn() },
      { token: await signIn() },
    ];
    // Session A's device first, then B's, then C's, up to the cap.
    const oldest = receiver.device('cap-a');
    expect((await register(a, oldest.subscription)).status).toBe(200);
    const ofB = Array.from({ length: PUSH_DEVICES_MAX - 2 }, (_, i) =>
      receiver.device(`cap-b${i}`),
    );
    for (const d of ofB) expect((await register(b, d.subscription)).status).toBe(200);
    expect((await register(c, receiver.device('cap-c').subscription)).status).toBe(200);
    expect(await devicesOf(me.body.id)).toHaveLength(PUSH_DEVICES_MAX);
    // Session B was last used an hour ago (every request refreshes sessions.last_seen_at).
    const bRow = await ts.store.db
      .selectFrom('push_subscriptions')
      .select('session_id')
      .where('endpoint', '=', ofB[0]?.subscription.endpoint ?? '')
      .executeTakeFirstOrThrow();
    await ts.store.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', bRow.session_id ?? 0)
      .execute();
    // One more: B's first device goes, not A's (registered first, but used since).
    const newest = receiver.device('cap-new');
    expect((await register(c, newest.subscription)).status).toBe(200);
    const now = await devicesOf(me.body.id);
    expect(now).toHaveLength(PUSH_DEVICES_MAX);
    expect(now).toContain(oldest.subscription.endpoint);
    expect(now).toContain(newest.subscription.endpoint);
    expect(now).not.toContain(ofB[0]?.subscription.endpoint);
    expect(now).toContain(ofB[1]?.subscription.endpoint);
    // Registering a device it already has replaces nothing.
    expect((await register(c, newest.subscription)).status).toBe(200);
    expect(await devicesOf(me.body.id)).toEqual(now);
  });
});
