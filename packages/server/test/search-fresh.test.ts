import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchReply } from '@parley/protocol/search';
import type { Client } from './harness';
import { direct, edit, person, sent } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// On SQLite new messages reach the full-text index in batches
// (store/search-indexer.ts). Here the batch timer never ticks during the
// test: a search must still find a message sent a moment before, and one
// edited since, because a search catches the index up first.

describe.each(stores())('search right after a send ($name)', (backend) => {
  let client: Client;
  const suite = useSuiteServer(backend, { searchIndexMs: 3_600_000 });
  beforeAll(() => {
    ({ client } = suite);
  });

  const ids = async (token: string, q: string) => {
    const res = await client.get<SearchReply>(
      `/user/search?type=messages&q=${encodeURIComponent(q)}`,
      { token },
    );
    expect(res.status).toBe(200);
    return res.body.messages.map((m) => m.message.id);
  };

  it('finds a message the moment it is sent, with the text it has now', async () => {
    const [a, b] = [await person(client), await person(client)];
    const chat = await direct(client, a, b);
    const first = await sent(client, a, chat.id, 'the glacier trip is on');
    expect(await ids(b.token, 'glacier')).toEqual([first.id]);

    const second = await sent(client, b, chat.id, 'bring a glacier map');
    expect((await edit(client, b, second.id, 'bring a mountain map')).status).toBe(200);
    expect(await ids(a.token, 'glacier')).toEqual([first.id]);
    expect(await ids(a.token, 'mountain')).toEqual([second.id]);
  });
});
