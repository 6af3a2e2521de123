import { randomUUID } from 'node:crypto';
import { beforeAll, describe, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { Client } from './harness';
import { direct, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSyncHarness } from './sync-harness';

// Sync equivalence (sync-harness.ts) of groups: creation, forwarding into
// one, leaving it, and the admin calls (add, role, info, invite, block,
// unblock, blocking the friend of a direct chat).

describe.each(stores())('sync equivalence: groups ($name)', (backend) => {
  const h = useSyncHarness(backend);
  let client: Client;
  let alice: Person;
  let bob: Person;
  beforeAll(() => ({ client, alice, bob } = h));
  const { verify, ok } = h;

  it('covers a group: creation, forwarding into it, leaving it', async () => {
    const chat = await direct(client, alice, bob);
    const original = await sent(client, alice, chat.id, 'to forward');
    // Bob has written to Alice: she may add him at once (rules/group-consent.ts).
    await sent(client, bob, chat.id, 'hi');
    const A = alice.id;
    const B = bob.id;
    // Each membership or info change also brings its service line (message.new, group-notice.ts).
    const both = ['conversation.joined', 'conversation.created', 'message.new'];
    const group = await verify([chat.id], { [A]: both, [B]: both }, () =>
      ok(
        client.post(
          '/user/groups/create',
          { group_name: 'Sync', member_ids: [bob.id] },
          { token: alice.token },
        ),
      ),
    );
    const groupId = (group as Conversation).id;
    const f = [chat.id, groupId];
    // Reading it: the creation line is Alice's message, so both hear it was viewed.
    await verify(f, { [A]: ['message.viewed'], [B]: ['conversation.read', 'message.viewed'] }, () =>
      ok(client.post(`/user/messages/read/${groupId}`, {}, { token: bob.token })),
    );
    await verify(f, { [A]: ['message.new'], [B]: ['message.new'] }, () =>
      ok(
        client.post(
          '/user/messages/forward',
          { from_conversation_id: chat.id, to_conversation_id: groupId, ids: [original.id] },
          { token: alice.token },
        ),
      ),
    );
    await verify(
      f,
      { [A]: ['message.deleted', 'message.deleted'], [B]: ['message.deleted', 'message.deleted'] },
      async () => {
        // The forwarded copy shows its original as deleted, then the copy goes too.
        const page = await client.get<{ messages: { id: number }[] }>(
          `/user/conversations/${groupId}/messages`,
          { token: alice.token },
        );
        await ok(
          client.delete(`/user/messages/${original.id}?for=everyone`, { token: alice.token }),
        );
        const copy = page.body.messages.at(-1);
        if (!copy) throw new Error('no copy');
        await ok(client.delete(`/user/messages/${copy.id}?for=everyone`, { token: alice.token }));
      },
    );
    // Bob's socket still follows the group when member.left goes out, then drops it.
    // Bob's socket still follows the group in the transaction: he hears the
    // "Bob left" line too, then drops the group.
    const left = ['member.left', 'message.new'];
    await verify(f, { [A]: left, [B]: [...left, 'conversation.deleted'] }, () =>
      ok(client.delete(`/user/conversations/${groupId}`, { token: bob.token })),
    );
    // Bob left: a message there reaches alice only.
    await verify(f, { [A]: ['message.new'] }, () =>
      ok(
        client.post(
          '/user/messages',
          { conversation_id: groupId, uuid: randomUUID(), message: 'alone' },
          { token: alice.token },
        ),
      ),
    );
  });

  it('covers group admin: add, role, info, invite, block, unblock, block the friend', async () => {
    const chat = await direct(client, alice, bob);
    const A = alice.id;
    const B = bob.id;
    const created = await ok(
      client.post('/user/groups/create', { group_name: 'Admin' }, { token: alice.token }),
    );
    const groupId = (created as Conversation).id;
    const f = [chat.id, groupId];
    const joinedLine = ['member.joined', 'message.new'];
    await verify(f, { [A]: joinedLine, [B]: [...joinedLine, 'conversation.joined'] }, () =>
      ok(
        client.post(
          `/user/conversations/${groupId}/members`,
          { user_ids: [bob.id] },
          { token: alice.token },
        ),
      ),
    );
    const roleChange = { conversation_id: groupId, user_id: bob.id, role: 'moderator' };
    await verify(f, { [A]: ['member.role'], [B]: ['member.role', 'conversation.updated'] }, () =>
      ok(client.post('/user/role', roleChange, { token: alice.token })),
    );
    const renamed = ['conversation.info', 'message.new'];
    await verify(f, { [A]: renamed, [B]: renamed }, () =>
      ok(
        client.post(
          `/user/conversations/${groupId}/edit`,
          { name: 'Renamed', description: 'About', max_time_inactive: 30 },
          { token: alice.token },
        ),
      ),
    );
    await verify(f, { [A]: ['conversation.info'], [B]: ['conversation.info'] }, () =>
      ok(client.post(`/user/conversations/${groupId}/invitation`, {}, { token: bob.token })),
    );
    await verify(f, { [A]: ['conversation.slow_mode'], [B]: ['conversation.slow_mode'] }, () =>
      ok(
        client.post(
          `/user/conversations/${groupId}/slow-mode`,
          { slow_mode_seconds: 30 },
          { token: bob.token },
        ),
      ),
    );
    await verify(f, { [A]: ['member.role'], [B]: ['member.role', 'conversation.updated'] }, () =>
      ok(client.post('/user/role', { ...roleChange, role: null }, { token: alice.token })),
    );
    await verify(
      f,
      // Bob hears "Alice removed Bob" before the group goes from his list.
      {
        [A]: ['member.removed', 'message.new'],
        [B]: ['member.removed', 'message.new', 'conversation.deleted'],
      },
      () =>
        ok(
          client.post(
            `/user/conversations/${groupId}/members/${bob.id}/block`,
            {},
            {
              token: alice.token,
            },
          ),
        ),
    );
    await verify(
      f,
      // Bob follows again from his joining: the log's events of that moment come too.
      {
        [A]: ['member.unblocked', 'member.joined', 'message.new'],
        [B]: ['conversation.joined', 'member.unblocked', 'member.joined', 'message.new'],
      },
      () =>
        ok(
          client.post(
            `/user/conversations/${groupId}/members/${bob.id}/unblock`,
            { add: true },
            { token: alice.token },
          ),
        ),
    );
    await verify(f, { [A]: ['conversation.updated'], [B]: ['conversation.updated'] }, () =>
      ok(client.post(`/user/conversations/${chat.id}/block`, {}, { token: alice.token })),
    );
    await verify(f, { [A]: ['conversation.updated'], [B]: ['conversation.updated'] }, () =>
      ok(client.post(`/user/conversations/${chat.id}/unblock`, {}, { token: alice.token })),
    );
  });

  it('covers a channel: a post, a subscriber reading it, the view counts told to all', async () => {
    await direct(client, alice, bob); // channels take friends
    const A = alice.id;
    const B = bob.id;
    const both = ['conversation.joined', 'conversation.created', 'message.new'];
    const created = await verify([], { [A]: both, [B]: both }, () =>
      ok(
        client.post(
          '/user/channels/create',
          { channel_name: 'News', member_ids: JSON.stringify([bob.id]) },
          { token: alice.token },
        ),
      ),
    );
    const channelId = (created as Conversation).id;
    const f = [channelId];
    await verify(f, { [A]: ['message.new'], [B]: ['message.new'] }, () =>
      ok(
        client.post(
          '/user/messages',
          { conversation_id: channelId, uuid: randomUUID(), message: 'Issue 1' },
          { token: alice.token },
        ),
      ),
    );
    // Bob's read raises the post's count; everyone is told the count (no
    // message.viewed in a channel), the first read after a quiet interval at once.
    await verify(f, { [A]: ['message.views'], [B]: ['conversation.read', 'message.views'] }, () =>
      ok(client.post(`/user/messages/read/${channelId}`, {}, { token: bob.token })),
    );
  });

  it('exercised its share of the event types the server emits', () => {
    h.expectExercised('groups');
  });
});
