import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { ServerFrame } from '@parley/protocol/realtime';
import { applyEvents, comparable, conversationFetcher, fetchState } from './client-state';
import type { Client, Server } from './harness';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { sleep, TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Sync equivalence ("verify action"): for every event type the server emits,
// a client's state fetched over HTTP, plus the events its socket delivered
// for one action, must equal the state fetched again after the action. A
// difference is a sync bug: an event that does not carry what the client
// needs. The applier and what it derives are in client-state.ts.

/** Every event type the server emits; the suite fails if one is never exercised. */
const ALL_TYPES = [
  'conversation.created',
  'user.updated',
  'message.new',
  'message.edited',
  'message.deleted',
  'message.viewed',
  'conversation.pinned_message',
  'conversation.joined',
  'conversation.updated',
  'conversation.read',
  'conversation.cleared',
  'conversation.deleted',
  'conversation.restored',
  'message.hidden',
  'member.joined',
  'member.left',
  'member.removed',
  'member.unblocked',
  'member.role',
  'conversation.info',
];

const typeOf = (f: ServerFrame) => (f.op === 'event' ? f.type : null);

describe.each(stores())('sync equivalence ($name)', (backend) => {
  let server: Server;
  let client: Client;
  let alice: Person;
  let bob: Person;
  const sockets = new Map<number, TestSocket>();
  const exercised = new Set<string>();

  const suite = useSuiteServer(backend);
  beforeAll(async () => {
    ({ server, client } = suite);
    [alice, bob] = [await person(client), await person(client)];
    for (const p of [alice, bob]) {
      const socket = await TestSocket.open(server.url);
      await socket.ready(p.token);
      sockets.set(p.id, socket);
    }
  });
  afterAll(async () => {
    for (const s of sockets.values()) s.ws.terminate();
  });

  /** Waits until each socket got (at least) its expected event types, then a little longer. */
  async function collect(starts: Map<number, number>, expected: Record<number, string[]>) {
    const deadline = Date.now() + 5000;
    const got = (id: number) =>
      (sockets.get(id)?.frames.slice(starts.get(id)) ?? []).filter((f) => f.op === 'event');
    const complete = () =>
      Object.entries(expected).every(([id, types]) => {
        const seen = got(Number(id)).map(typeOf);
        return types.every(
          (t) => seen.filter((s) => s === t).length >= types.filter((x) => x === t).length,
        );
      });
    while (!complete()) {
      if (Date.now() > deadline) break;
      await sleep(10);
    }
    await sleep(40); // nothing more should come
    return got;
  }

  /**
   * The check: state before, the action, the events delivered, state after.
   * `expected`: per user, the event types the action must deliver (any order).
   */
  async function verify<T>(
    followed: number[],
    expected: Record<number, string[]>,
    action: () => Promise<T>,
  ): Promise<T> {
    const people = [alice, bob];
    const before = new Map<number, Awaited<ReturnType<typeof fetchState>>>();
    const starts = new Map<number, number>();
    for (const p of people) {
      before.set(p.id, await fetchState(client, p, followed));
      starts.set(p.id, sockets.get(p.id)?.frames.length ?? 0);
    }
    const result = await action();
    const got = await collect(starts, expected);
    for (const p of people) {
      const frames = got(p.id);
      expect(frames.map(typeOf).sort(), `events of user ${p.id}`).toEqual(
        [...(expected[p.id] ?? [])].sort(),
      );
      for (const f of frames) exercised.add(typeOf(f) ?? '');
      const state = before.get(p.id);
      if (!state) throw new Error('no state');
      const applied = await applyEvents(state, frames, p, conversationFetcher(client, p, followed));
      const fresh = await fetchState(client, p, followed);
      expect(comparable(applied), `state of user ${p.id}`).toEqual(comparable(fresh));
    }
    return result;
  }

  const ok = async (res: Promise<{ status: number; body: unknown }>) => {
    const r = await res;
    if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

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
      ok(
        client.call(
          'PATCH',
          `/api/v1/user/messages/${first.id}`,
          { message: 'hello, edited' },
          {
            token: alice.token,
          },
        ),
      ),
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
    await verify(f, { [A]: ['message.new'], [B]: ['message.new'] }, () =>
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

  it('covers a group: creation, forwarding into it, leaving it', async () => {
    const chat = await direct(client, alice, bob);
    const original = await sent(client, alice, chat.id, 'to forward');
    const A = alice.id;
    const B = bob.id;
    const both = ['conversation.joined', 'conversation.created'];
    const group = await verify([chat.id], { [A]: both, [B]: both }, () =>
      ok(
        client.post(
          '/user/conversations/group',
          { name: 'Sync', member_ids: [bob.id] },
          { token: alice.token },
        ),
      ),
    );
    const groupId = (group as Conversation).id;
    const f = [chat.id, groupId];
    // Reading a conversation without messages: the marker stays unset.
    await verify(f, { [B]: ['conversation.read'] }, () =>
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
    await verify(f, { [A]: ['member.left'], [B]: ['member.left', 'conversation.deleted'] }, () =>
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
    await verify(f, { [A]: ['member.joined'], [B]: ['member.joined', 'conversation.joined'] }, () =>
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
    await verify(f, { [A]: ['conversation.info'], [B]: ['conversation.info'] }, () =>
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
    await verify(f, { [A]: ['member.role'], [B]: ['member.role', 'conversation.updated'] }, () =>
      ok(client.post('/user/role', { ...roleChange, role: null }, { token: alice.token })),
    );
    await verify(
      f,
      { [A]: ['member.removed'], [B]: ['member.removed', 'conversation.deleted'] },
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
        [A]: ['member.unblocked', 'member.joined'],
        [B]: ['conversation.joined', 'member.unblocked', 'member.joined'],
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

  it('exercised every event type the server emits', () => {
    expect([...exercised].sort()).toEqual([...ALL_TYPES].sort());
  });
});
