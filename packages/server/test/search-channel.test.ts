import { beforeAll, describe, expect, it } from 'vitest';
import { SPOILER_MASK } from '@parley/protocol/rules/message-line';
import type { SearchReply } from '@parley/protocol/search';
import type { Client } from './harness';
import { befriend, createConversation, setRole } from './groups';
import { person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// What a found message shows: a channel's posts signed by the channel for
// everyone but their poster (the poster's name, picture and id not given
// away), and the snippet in the words the chat list shows, formatting
// markers gone and spoilers masked.

describe.each(stores())('search results as shown ($name)', (backend) => {
  let client: Client;
  const suite = useSuiteServer(backend);
  beforeAll(() => {
    ({ client } = suite);
  });

  async function found(who: Person, q: string): Promise<SearchReply> {
    const res = await client.get<SearchReply>(
      `/user/search?type=messages&q=${encodeURIComponent(q)}`,
      { token: who.token },
    );
    if (res.status !== 200) throw new Error(`search: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  it('signs a channel post with the channel for subscribers, the poster’s own stays theirs', async () => {
    const [owner, poster, reader] = [
      await person(client),
      await person(client),
      await person(client),
    ];
    await befriend(client, owner, poster, reader);
    const channel = await createConversation(client, owner, 'channel', {
      name: 'Harbour news',
      member_ids: [poster.id, reader.id],
    });
    await setRole(client, owner, channel.id, poster, 'publisher');
    const post = await sent(client, poster, channel.id, 'Lighthouse repairs start Monday');

    const seen = (await found(reader, 'lighthouse')).messages;
    expect(seen.map((m) => m.message.id)).toEqual([post.id]);
    const message = seen[0]?.message;
    expect(message?.sender).toEqual({ id: channel.id, name: 'Harbour news', avatar: null });
    expect(message?.user_id).toBeNull();
    expect(JSON.stringify(seen)).not.toContain(poster.name);
    expect(JSON.stringify(seen)).not.toContain(poster.username);

    const own = (await found(poster, 'lighthouse')).messages[0]?.message;
    expect(own).toMatchObject({ user_id: poster.id, sender: { id: poster.id, name: poster.name } });
  });

  it('snippets the words the chat list shows: no markers, spoilers masked', async () => {
    const [a, b] = [await person(client), await person(client)];
    await befriend(client, a, b);
    const group = await createConversation(client, a, 'group', { member_ids: [b.id] });
    await sent(client, a, group.id, 'The **big** quay ||sunk ship|| is `closed`');

    const snippet = (await found(b, 'quay')).messages[0]?.snippet;
    expect(snippet?.text).toBe(`The big quay ${SPOILER_MASK} is closed`);
    expect(snippet?.highlights.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['quay']);
    // A word only inside the spoiler finds the message, and says nothing of it.
    const hidden = (await found(b, 'sunk')).messages[0]?.snippet;
    expect(hidden?.text).not.toContain('sunk');
    expect(hidden?.highlights).toEqual([]);
  });
});
