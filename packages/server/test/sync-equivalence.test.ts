import { beforeAll, describe, it } from 'vitest';
import type { Client } from './harness';
import { direct, edit, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSyncHarness } from './sync-harness';

// Sync equivalence (sync-harness.ts) of one-to-one chats: a direct chat from
// its first message to its deletion and back, and the user's own profile
// and settings. Groups and channels: sync-equivalence-groups.test.ts.

describe.each(stores())('sync equivalence: chats ($name)', (backend) => {
  const h = useSyncHarness(backend);
  let client: Client;
  let alice: Person;
  let bob: Person;
  beforeAll(() => ({ client, alice, bob } = h));
  const { verify, ok } = h;

  it('covers a direct chat from first message to deletion and back', async () => {
    const chat = await direct(client, alice, bob);
    const f = [chat.id];
    const A = alice.id;
    const B = bob.id;

    const first = await verify(f, { [A]: ['message.new'], [B]: ['message.new'] }, () =>
      sent(client, alice, chat.id, 'hello'),
    );
    // A new name: one event in each of her chats (Saved, System, this one); Bob
    // sees it as the friend's name and as the sender of what she wrote.
    const renamed = 'Alice Renamed';
    await verify(
      f,
      { [A]: ['user.updated', 'user.updated', 'user.updated'], [B]: ['user.updated'] },
      () =>
        ok(client.post('/user/settings/edit/profile', { name: renamed }, { token: alice.token })),
    );
    alice.name = renamed;
    // A mention, and a reply (its parent ref).
    const reply = await verify(f, { [A]: ['message.new'], [B]: ['message.new'] }, () =>
      sent(client, alice, chat.id, `hey @${bob.username}`, { parent_id: first.id }),
    );
    await verify(
      f,
      { [A]: ['conversation.pinned_message'], [B]: ['conversation.pinned_message'] },
      () =>
        ok(
          client.post(
            `/user/conversations/${chat.id}/pinned-message`,
            { message_id: first.id },
            { token: bob.token },
          ),
        ),
    );
    // The edited message is pinned and the parent of a reply: both refs follow.
    await verify(f, { [A]: ['message.edited'], [B]: ['message.edited'] }, () =>
      ok(edit(client, alice, first.id, 'hello, edited')),
    );
    // Bob reads the first message only: his counter and mention, and views for both.
    await verify(f, { [A]: ['message.viewed'], [B]: ['conversation.read', 'message.viewed'] }, () =>
      ok(
        client.post(
          `/user/messages/read/${chat.id}`,
          { message_id: first.id },
          { token: bob.token },
        ),
      ),
    );
    // Deleting the newest message, unread by bob: his counter, the preview.
    await verify(f, { [A]: ['message.deleted'], [B]: ['message.deleted'] }, () =>
      ok(client.delete(`/user/messages/${reply.id}?for=everyone`, { token: alice.token })),
    );
    const third = await verify(f, { [A]: ['message.new'], [B]: ['message.new'] }, () =>
      sent(client, bob, chat.id, 'third', { parent_id: first.id }),
    );
    // The pinned message and a reply's parent deleted.
    await verify(f, { [A]: ['message.deleted'], [B]: ['message.deleted'] }, () =>
      ok(client.delete(`/user/messages/${first.id}?for=everyone`, { token: alice.token })),
    );
    await verify(
      f,
      { [A]: ['conversation.pinned_message'], [B]: ['conversation.pinned_message'] },
      () =>
        ok(
          client.post(
            `/user/conversations/${chat.id}/pinned-message`,
            { message_id: null },
            { token: alice.token },
          ),
        ),
    );
    await verify(f, { [A]: ['message.hidden'] }, () =>
      ok(client.delete(`/user/messages/${third.id}?for=me`, { token: alice.token })),
    );
    for (const action of ['pin', 'mute', 'hide']) {
      await verify(f, { [B]: ['conversation.updated'] }, () =>
        ok(
          client.post(
            `/user/conversations/${chat.id}/${action}`,
            { value: true },
            { token: bob.token },
          ),
        ),
      );
    }
    // Hidden and muted: it stays hidden (no pivot change, no event for it).
    await verify(f, { [A]: ['message.new'], [B]: ['message.new'] }, () =>
      sent(client, alice, chat.id, 'while muted'),
    );
    await verify(f, { [B]: ['conversation.updated'] }, () =>
      ok(
        client.post(`/user/conversations/${chat.id}/mute`, { value: false }, { token: bob.token }),
      ),
    );
    await verify(f, { [B]: ['conversation.updated'] }, () =>
      ok(
        client.post(
          `/user/conversations/${chat.id}/keyboard`,
          { keyboard: [['Yes', 'No']] },
          { token: bob.token },
        ),
      ),
    );
    await verify(f, { [B]: ['conversation.cleared'] }, () =>
      ok(client.post(`/user/conversations/${chat.id}/clear`, {}, { token: bob.token })),
    );
    // Hidden but no longer muted: a message from Alice brings it back to Bob's list.
    await verify(f, { [A]: ['message.new'], [B]: ['message.new', 'conversation.updated'] }, () =>
      sent(client, alice, chat.id, 'after clear'),
    );
    await verify(f, { [B]: ['conversation.deleted'] }, () =>
      ok(client.delete(`/user/conversations/${chat.id}`, { token: bob.token })),
    );
    // A new message brings a deleted-for-me chat back.
    await verify(f, { [A]: ['message.new'], [B]: ['message.new', 'conversation.restored'] }, () =>
      sent(client, alice, chat.id, 'come back'),
    );
    await verify(f, { [B]: ['conversation.deleted'] }, () =>
      ok(client.delete(`/user/conversations/${chat.id}`, { token: bob.token })),
    );
    // Opening it again brings it back too.
    await verify(f, { [B]: ['conversation.updated'] }, () => direct(client, bob, alice));
    // Reading an empty page (everything cleared) keeps the marker as it was.
    await verify(f, { [A]: ['message.viewed'], [B]: ['conversation.read', 'message.viewed'] }, () =>
      ok(client.post(`/user/messages/read/${chat.id}`, {}, { token: bob.token })),
    );
  });

  it("covers the user's own settings, on every device of theirs", async () => {
    const A = alice.id;
    // Only the user's own sockets hear of them; GET /user is what they must equal.
    await verify([], { [A]: ['settings.changed'] }, () =>
      ok(client.post('/user/mute', { muted: true }, { token: alice.token })),
    );
    await verify([], { [A]: ['settings.changed'] }, () =>
      ok(
        client.post(
          '/user/settings/edit/profile',
          { timezone: 'Asia/Yerevan' },
          { token: alice.token },
        ),
      ),
    );
    await verify([], { [A]: ['settings.changed'] }, () =>
      ok(
        client.post(
          '/user/settings/set-secret',
          { secret: '2718', secret_confirmation: '2718', secret_hint: 'e' },
          { token: alice.token },
        ),
      ),
    );
    await verify([], { [A]: ['settings.changed'] }, () =>
      ok(client.post('/user/paranoid', { on: true }, { token: alice.token })),
    );
  });

  it('exercised its share of the event types the server emits', () => {
    h.expectExercised('chats');
  });
});
