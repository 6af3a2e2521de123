import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { LinkPreviewReply } from '@parley/protocol/link-preview';
import type { Client } from './harness';
import { html, startOrigin } from './link-previews-origin';
import type { Origin } from './link-previews-origin';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Issue 18: 4 fetch slots for the whole server with a 5 s timeout — a user
// posting slow pages held every slot and everyone's previews waited. Now a
// user has one fetch running at a time (the others queue behind everyone
// else's), and a site that does not start answering is cut after the
// first-byte timeout (1.5 s by default, not 5 s).

const sqlite = stores().find((b) => b.name === 'sqlite');
if (!sqlite) throw new Error('SQLite backend missing');

const page = (title: string) => html(`<html><head><title>${title}</title></head></html>`);

describe('link-preview slots are shared fairly', () => {
  let origin: Origin;
  /** /slow-N never answers (the test's slow site); its requests are held open. */
  const held: (() => void)[] = [];
  beforeAll(async () => {
    const slow = Object.fromEntries(
      [1, 2, 3, 4].map((n) => [
        `/slow-${n}`,
        (_request: unknown, response: { end: () => void }) => held.push(() => response.end()),
      ]),
    );
    origin = await startOrigin({ '/fast': page('Fast'), ...slow });
  });
  const suite = useSuiteServer(sqlite, {
    get linkPreviews() {
      return {
        allow: [{ address: '127.0.0.1', port: origin.port }],
        resolver: async () => ['127.0.0.1'],
      };
    },
  });
  let client: Client;
  let mallory: Person;
  let bob: Person;
  let chat: Conversation;
  beforeAll(async () => {
    ({ client } = suite);
    [mallory, bob] = [await person(client), await person(client)];
    chat = await direct(client, mallory, bob);
  });
  afterAll(async () => {
    for (const end of held.splice(0)) end();
    await origin.close();
  });

  const at = (path: string) => `http://fair.test:${origin.port}${path}`;
  const preview = (who: Person, messageId: number) =>
    client.get<LinkPreviewReply>(`/user/messages/${messageId}/link-preview`, {
      token: who.token,
    });

  it('gives another reader a slot while one reader’s slow pages wait, and cuts them early', async () => {
    const slowIds = [];
    for (let n = 1; n <= 4; n++)
      slowIds.push((await sent(client, mallory, chat.id, at(`/slow-${n}`))).id);
    const fastId = (await sent(client, bob, chat.id, at('/fast'))).id;

    const started = Date.now();
    const flood = slowIds.map((id) => preview(mallory, id));
    await new Promise((r) => setTimeout(r, 100));
    const fast = await preview(bob, fastId);
    const fastMs = Date.now() - started;
    expect(fast.status).toBe(200);
    expect(fast.body.preview?.title).toBe('Fast');
    // Before: four slow pages took all four slots for 5 s.
    expect(fastMs).toBeLessThan(1000);
    // One of Mallory's pages at a time reached the site meanwhile.
    expect(origin.hits('/slow-1') + origin.hits('/slow-2')).toBeLessThanOrEqual(2);

    // A site that never answers is given up on after the first-byte timeout.
    const first = await flood[0];
    expect(first?.status).toBe(200);
    expect(first?.body.preview).toBeNull();
    expect(Date.now() - started).toBeLessThan(3000);
    await Promise.all(flood);
  }, 20_000);
});
