import { beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol/message';
import type { Client } from './harness';
import { befriend, createConversation, setRole } from './groups';
import { direct, history, person, send, sent } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// A channel's post is signed by the channel wherever it is quoted: forwarded
// into another chat, or replied to. The poster's name and id are not given
// away to whoever reads the quote (PERMISSIONS.md, Channels).

describe.each(stores())('a channel post quoted ($name)', (backend) => {
  let client: Client;
  const suite = useSuiteServer(backend);
  beforeAll(() => {
    ({ client } = suite);
  });

  it('is forwarded and replied to under the channel’s name', async () => {
    const [owner, poster, reader, outsider] = [
      await person(client),
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
    const post = await sent(client, poster, channel.id, 'Quay closed tonight');

    // Forwarded by a subscriber to someone outside the channel.
    const chat = await direct(client, reader, outsider);
    const res = await client.post<{ messages: Message[] }>(
      '/user/messages/forward',
      { ids: [post.id], from_conversation_id: channel.id, to_conversation_id: chat.id },
      { token: reader.token },
    );
    expect(res.status).toBe(200);
    const seen = (await history(client, outsider, chat.id)).messages.find(
      (m) => m.forwarded_id === post.id,
    );
    expect(seen?.forwarded).toEqual({
      id: post.id,
      message: 'Quay closed tonight',
      type: 'text',
      sender: { id: channel.id, name: 'Harbour news' },
      deleted: false,
    });
    expect(JSON.stringify(seen)).not.toContain(poster.name);

    // Replied to in the channel: the quote is the channel's too.
    const reply = await send(client, owner, channel.id, 'Reopens at six', { parent_id: post.id });
    expect(reply.status).toBe(200);
    const quoted = (await history(client, reader, channel.id)).messages.find(
      (m) => m.parent_id === post.id,
    );
    expect(quoted?.parent?.sender).toEqual({ id: channel.id, name: 'Harbour news' });

    // A group's message keeps its author when quoted.
    const group = await createConversation(client, owner, 'group', { member_ids: [reader.id] });
    const said = await sent(client, reader, group.id, 'in the group');
    await send(client, owner, group.id, 'answer', { parent_id: said.id });
    const answer = (await history(client, owner, group.id)).messages.find(
      (m) => m.parent_id === said.id,
    );
    expect(answer?.parent?.sender).toEqual({ id: reader.id, name: reader.name });
  });
});
