import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { LinkPreviewReply } from '@parley/protocol/link-preview';
import { MSG } from '@parley/protocol/messages';
import { counterBackends } from './counters';
import type { Client } from './harness';
import { NO_LIMITS } from './harness';
import { html, startOrigin } from './link-previews-origin';
import type { Origin } from './link-previews-origin';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import type { TestStore } from './stores';
import { useSuiteServer } from './suite';

// A reader can make the server fetch only so many link-preview pages per
// window (RATE_LIMIT_PREVIEW_USER_*): asking past it is a 429 and fetches
// nothing. Cached cards and joining a fetch already running are free, and
// the message itself is never held back. The counters are the other rate
// limits' (memory, or Redis under the deployment's prefix).

const LIMIT = 2;
/** How long the second reader's request gets, once it reached the server, to join the fetch. */
const JOIN_MS = 200;
const page = (title: string) => html(`<html><head><title>${title}</title></head></html>`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition` holds (checked every 5 ms). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(5);
}

describe.each(stores())('link-preview fetch limit ($name)', (backend) => {
  describe.each(counterBackends())('with $name counters', (counters) => {
    const c = counters.open();
    afterAll(() => c.close());
    let origin: Origin;
    /** The /slow page answers only when the test releases it. */
    const heldSlow: (() => void)[] = [];
    const releaseSlow = () => {
      for (const answer of heldSlow.splice(0)) answer();
    };
    /** Link-preview requests that reached the server so far. */
    let previewRequests = 0;
    beforeAll(async () => {
      origin = await startOrigin({
        '/a': page('A'),
        '/b': page('B'),
        '/c': page('C'),
        '/d': page('D'),
        '/e': page('E'),
        '/f': page('F'),
        '/slow': (request, response) => {
          heldSlow.push(() => page('Slow')(request, response));
        },
      });
    });
    const suite = useSuiteServer(backend, {
      rateLimits: { ...NO_LIMITS, previewFetchPerUser: { max: LIMIT, windowSeconds: 60 } },
      redis: c.redis,
      rateLimitPrefix: c.prefix,
      beforeListen: (app) =>
        app.addHook('onRequest', async (request) => {
          if (request.url.endsWith('/link-preview')) previewRequests += 1;
        }),
      get linkPreviews() {
        return {
          allow: [{ address: '127.0.0.1', port: origin.port }],
          resolver: async (host: string) => {
            if (host === 'limit.test') return ['127.0.0.1'];
            throw new Error(`unknown test name ${host}`);
          },
        };
      },
    });
    let ts: TestStore;
    let client: Client;
    let alice: Person;
    let bob: Person;
    let chat: Conversation;
    beforeAll(async () => {
      ({ ts, client } = suite);
      [alice, bob] = [await person(client), await person(client)];
      chat = await direct(client, alice, bob);
    });
    afterAll(async () => {
      releaseSlow();
      await origin.close();
    });

    const at = (path: string) => `http://limit.test:${origin.port}${path}`;
    const post = async (who: Person, path: string) =>
      (await sent(client, who, chat.id, `see ${at(path)}`)).id;
    const preview = (who: Person, messageId: number) =>
      client.get<LinkPreviewReply>(`/user/messages/${messageId}/link-preview`, {
        token: who.token,
      });
    const cached = (path: string) =>
      ts.store.db
        .selectFrom('link_previews')
        .select('url_key')
        .where('url_key', '=', at(path))
        .executeTakeFirst();

    it('refuses a fetch past the limit, fetching nothing; cached cards stay free', async () => {
      // The sends are never limited: three links in a row all go out.
      const [a, b, cMessage] = [
        await post(alice, '/a'),
        await post(alice, '/b'),
        await post(alice, '/c'),
      ];
      expect((await preview(bob, a)).body.preview?.title).toBe('A');
      expect((await preview(bob, b)).body.preview?.title).toBe('B');
      const over = await preview(bob, cMessage);
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ message: MSG.tooManyRequests, retry_after: expect.any(Number) });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(origin.hits('/c')).toBe(0);
      expect(await cached('/c')).toBeUndefined();
      // A card already fetched costs nothing, even past the limit.
      expect((await preview(bob, a)).status).toBe(200);
      // Someone else reading it fetches it (their own count), and then it is free for bob.
      expect((await preview(alice, cMessage)).body.preview?.title).toBe('C');
      expect((await preview(bob, cMessage)).body.preview?.title).toBe('C');
      expect(origin.hits('/c')).toBe(1);
      // Bob, over his limit, can still send a message with a link.
      expect(await post(bob, '/d')).toBeGreaterThan(0);
      if (c.redis) {
        // In a cluster the count lives in Redis under the deployment's prefix.
        const keys = await c.redis.keys(`${c.prefix}*preview-user:*`);
        expect(keys.filter((k) => k.endsWith(`preview-user:${bob.id}`))).toHaveLength(1);
      }
    });

    it('does not count joining a fetch another reader started', async () => {
      const carol = await person(client);
      const dave = await person(client);
      const group = await direct(client, carol, dave);
      const id = (await sent(client, carol, group.id, at('/slow'))).id;
      // Dave spends his whole allowance on pages nobody fetched yet.
      for (const path of ['/e', '/f']) {
        const other = (await sent(client, carol, group.id, at(path))).id;
        expect((await preview(dave, other)).status).toBe(200);
      }
      // Carol's read starts the fetch, which waits on the origin until released.
      const first = preview(carol, id);
      await until(() => origin.hits('/slow') === 1);
      // Dave asks meanwhile: once his request is in, it gets JOIN_MS to reach
      // the running fetch before the origin answers.
      const arrived = previewRequests;
      const joining = preview(dave, id);
      await until(() => previewRequests > arrived);
      await sleep(JOIN_MS);
      releaseSlow();
      const joined = await joining;
      expect(joined.status).toBe(200);
      expect(joined.body.preview?.title).toBe('Slow');
      expect((await first).body.preview?.title).toBe('Slow');
      expect(origin.hits('/slow')).toBe(1);
    });
  });
});
