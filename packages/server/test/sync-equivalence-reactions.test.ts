import { randomUUID } from 'node:crypto';
import { beforeAll, describe, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { Client } from './harness';
import { direct, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSyncHarness } from './sync-harness';

// Sync equivalence (sync-harness.ts) of reactions: fetched history before +
// the `message.reactions` events applied = history fetched after, in a
// direct chat and in a channel where a subscriber reacts.

describe.each(stores())('sync equivalence: reactions ($name)', (backend) => {
  const h = useSyncHarness(backend);
  let client: Client;
  let alice: Person;
  let bob: Person;
  beforeAll(() => ({ client, alice, bob } = h));
  const { verify, ok } = h;
  const react = (who: Person, messageId: number, emoji: string) =>
    ok(client.post(`/user/messages/${messageId}/reactions`, { emoji }, { token: who.token }));
  const unreact = (who: Person, messageId: number) =>
    ok(client.delete(`/user/messages/${messageId}/reactions`, { token: who.token }));

  it('covers reacting, replacing, taking back and deleting a reacted message', async () => {
    const chat = await direct(client, alice, bob);
    const f = [chat.id];
    const A = alice.id;
    const B = bob.id;
    const both = { [A]: ['message.reactions'], [B]: ['message.reactions'] };
    const first = await verify(f, { [A]: ['message.new'], [B]: ['message.new'] }, () =>
      sent(client, alice, chat.id, 'hello'),
    );
    await verify(f, both, () => react(bob, first.id, '👍'));
    await verify(f, both, () => react(alice, first.id, '❤️'));
    // Bob's one reaction is replaced; then he takes it back.
    await verify(f, both, () => react(bob, first.id, '❤️'));
    await verify(f, both, () => unreact(bob, first.id));
    // Nothing changed: no event.
    await verify(f, {}, () => unreact(bob, first.id));
    await verify(f, {}, () => react(alice, first.id, '❤️'));
    await verify(f, { [A]: ['message.deleted'], [B]: ['message.deleted'] }, () =>
      ok(client.delete(`/user/messages/${first.id}?for=everyone`, { token: alice.token })),
    );
  });

  it('covers a channel subscriber reacting to a post', async () => {
    const A = alice.id;
    const B = bob.id;
    // Bob lets anyone add him: no invitation in between.
    await verify([], { [B]: ['settings.changed'] }, () =>
      ok(
        client.post(
          '/user/settings/who-can-add',
          { who_can_add: 'everybody' },
          { token: bob.token },
        ),
      ),
    );
    // With the "channel created" service line (group-notice.ts).
    const joined = ['conversation.joined', 'conversation.created', 'message.new'];
    const created = await verify([], { [A]: joined, [B]: joined }, () =>
      ok(
        client.post(
          '/user/channels/create',
          { channel_name: 'Reactions', member_ids: JSON.stringify([bob.id]) },
          { token: alice.token },
        ),
      ),
    );
    const channelId = (created as Conversation).id;
    const f = [channelId];
    const post = (await verify(f, { [A]: ['message.new'], [B]: ['message.new'] }, () =>
      ok(
        client.post(
          '/user/messages',
          { conversation_id: channelId, uuid: randomUUID(), message: 'News' },
          { token: alice.token },
        ),
      ),
    )) as { id: number };
    await verify(f, { [A]: ['message.reactions'], [B]: ['message.reactions'] }, () =>
      react(bob, post.id, '🔥'),
    );
    h.expectExercised('reactions');
  });
});
