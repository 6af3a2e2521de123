import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList } from '@parley/protocol/conversation';
import type { Client } from './harness';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// The list's cursor carries the route its first page took, so later pages
// skip that read. The route is a hint only: a cursor without it (as issued
// before) or with the other one gives the very same page.

describe.each(stores())('list cursor route hint ($name)', (backend) => {
  let client: Client;
  let me: Person;

  const suite = useSuiteServer(backend);
  beforeAll(async () => {
    ({ client } = suite);
    me = await person(client);
    for (let i = 0; i < 5; i += 1) {
      const other = await person(client);
      const chat = await direct(client, me, other);
      await sent(client, other, chat.id, `hello ${i}`);
    }
  });

  async function page(cursor: string | null) {
    const query = cursor ? `&before_cursor=${encodeURIComponent(cursor)}` : '';
    const res = await client.get<ConversationList>(`/user/conversations?limit=2${query}`, {
      token: me.token,
    });
    expect(res.status).toBe(200);
    return res.body;
  }

  it('gives the same page for the issued, a bare and a swapped route', async () => {
    let cursor = (await page(null)).next_cursor;
    let pages = 0;
    while (cursor) {
      expect(cursor).toMatch(/_[wm]$/);
      const issued = await page(cursor);
      const bare = await page(cursor.slice(0, -2));
      const swapped = await page(`${cursor.slice(0, -1)}${cursor.endsWith('w') ? 'm' : 'w'}`);
      const ids = issued.conversations.map((c) => c.id);
      expect(bare.conversations.map((c) => c.id)).toEqual(ids);
      expect(swapped.conversations.map((c) => c.id)).toEqual(ids);
      expect(bare.next_cursor?.slice(0, -2)).toEqual(issued.next_cursor?.slice(0, -2));
      cursor = issued.next_cursor;
      pages += 1;
    }
    expect(pages).toBeGreaterThan(1);
  });

  it('refuses a route that is not one of ours', async () => {
    const cursor = (await page(null)).next_cursor ?? '';
    const res = await client.get(
      `/user/conversations?before_cursor=${encodeURIComponent(`${cursor.slice(0, -1)}x`)}`,
      { token: me.token },
    );
    expect(res.status).toBe(422);
  });
});
