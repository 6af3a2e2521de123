import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { Reaction, ReactionsReply, ReactorsReply } from '@parley/protocol/reactions';
import { REACTION_MSG } from '@parley/protocol/reactions';
import type { Client } from './harness';
import { NO_LIMITS } from './harness';
import { direct, history, list, person, sent } from './messaging';
import type { Person } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { TestStore } from './stores';

// Reactions (docs/API.md, "Reactions") on every store: one per person and
// message, idempotent, live on another member's socket, in history; and
// every refusal: bad emoji 422, deleted or unseen message 404, the System
// chat and a blocked direct chat 403, too many changes 429.

const reactionsPath = (id: number) => `/user/messages/${id}/reactions`;

describe.each(stores())('reactions ($name)', (backend) => {
  let ts: TestStore;
  let client: Client;
  let alice: Person;
  let bob: Person;
  let eve: Person;
  let chat: Conversation;
  const suite = useSuiteServer(backend);
  beforeAll(async () => {
    ({ ts, client } = suite);
    [alice, bob, eve] = [await person(client), await person(client), await person(client)];
    chat = await direct(client, alice, bob);
  });

  const react = (who: Person, id: number, emoji: unknown) =>
    client.post<ReactionsReply>(reactionsPath(id), { emoji }, { token: who.token });
  const unreact = (who: Person, id: number) =>
    client.delete<ReactionsReply>(reactionsPath(id), { token: who.token });
  const rowsOf = (id: number) =>
    ts.store.db.selectFrom('message_reactions').selectAll().where('message_id', '=', id).execute();

  it('sets one reaction per person, replaces it, and is idempotent', async () => {
    const m = await sent(client, alice, chat.id, 'react to me');
    const first = await react(bob, m.id, '👍');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      status: 'ok',
      message_id: m.id,
      reactions: [{ emoji: '👍', count: 1, user_ids: [bob.id] }],
    });
    expect((await react(bob, m.id, '👍')).body.reactions).toEqual(first.body.reactions);
    await react(alice, m.id, '👍');
    const replaced = await react(bob, m.id, '🇺🇦');
    expect(replaced.body.reactions).toEqual([
      { emoji: '👍', count: 1, user_ids: [alice.id] },
      { emoji: '🇺🇦', count: 1, user_ids: [bob.id] },
    ]);
    expect(await rowsOf(m.id)).toHaveLength(2);
    const off = await unreact(bob, m.id);
    expect(off.body.reactions).toEqual([{ emoji: '👍', count: 1, user_ids: [alice.id] }]);
    // Nothing left to take: the same reply.
    expect((await unreact(bob, m.id)).body).toEqual(off.body);
  });

  it('puts reactions into history with one query per page, and names who reacted', async () => {
    const a = await sent(client, alice, chat.id, 'one');
    const b = await sent(client, alice, chat.id, 'two');
    await react(bob, a.id, '🔥');
    await react(alice, a.id, '🔥');
    await react(bob, b.id, '😂');
    const page = await history(client, bob, chat.id);
    const byId = new Map(page.messages.map((m) => [m.id, m.reactions]));
    expect(byId.get(a.id)).toEqual([{ emoji: '🔥', count: 2, user_ids: [bob.id, alice.id] }]);
    expect(byId.get(b.id)).toEqual([{ emoji: '😂', count: 1, user_ids: [bob.id] }]);
    const plain = await sent(client, alice, chat.id, 'none');
    expect(
      (await history(client, bob, chat.id)).messages.find((m) => m.id === plain.id)?.reactions,
    ).toEqual([]);
    const who = await client.get<ReactorsReply>(reactionsPath(a.id), { token: alice.token });
    expect(who.status).toBe(200);
    expect(who.body.reactors).toEqual([
      { emoji: '🔥', user: { id: bob.id, name: bob.name } },
      { emoji: '🔥', user: { id: alice.id, name: alice.name } },
    ]);
  });

  it('reaches the other member’s socket live with the whole list', async () => {
    const m = await sent(client, alice, chat.id, 'live');
    const socket = await TestSocket.open(suite.server.url);
    try {
      await socket.ready(alice.token);
      await react(bob, m.id, '❤️');
      const frame = await socket.next((f) => f.op === 'event' && f.type === 'message.reactions');
      expect(frame).toMatchObject({
        op: 'event',
        conversation_id: chat.id,
        payload: {
          message_id: m.id,
          reactions: [{ emoji: '❤️', count: 1, user_ids: [bob.id] }] satisfies Reaction[],
        },
      });
    } finally {
      socket.ws.terminate();
    }
  });

  it('refuses what is not one emoji with 422', async () => {
    const m = await sent(client, alice, chat.id, 'bad input');
    for (const emoji of [
      '',
      'a',
      'ok',
      '👍👍',
      ' 👍',
      '1',
      '<script>',
      42,
      null,
      '🔥'.repeat(40),
    ]) {
      const res = await react(bob, m.id, emoji);
      expect(res.status, JSON.stringify(emoji)).toBe(422);
    }
    const res = await react(bob, m.id, 'x');
    expect(JSON.stringify(res.body)).toContain(REACTION_MSG.emojiInvalid);
    expect(await rowsOf(m.id)).toHaveLength(0);
  });

  it('refuses non-members, deleted messages and unknown ids with 404', async () => {
    const m = await sent(client, alice, chat.id, 'private');
    expect((await react(eve, m.id, '👍')).status).toBe(404);
    expect((await unreact(eve, m.id)).status).toBe(404);
    expect((await client.get(reactionsPath(m.id), { token: eve.token })).status).toBe(404);
    expect((await react(bob, 2_000_000_000, '👍')).status).toBe(404);
    await react(bob, m.id, '👍');
    const del = await client.delete(`/user/messages/${m.id}?for=everyone`, { token: alice.token });
    expect(del.status).toBe(200);
    // Its reactions went with it.
    expect(await rowsOf(m.id)).toHaveLength(0);
    expect((await react(bob, m.id, '👍')).status).toBe(404);
    expect((await unreact(bob, m.id)).status).toBe(404);
    // Hidden for one reader: 404 for them only.
    const hidden = await sent(client, alice, chat.id, 'hidden for bob');
    await client.delete(`/user/messages/${hidden.id}?for=me`, { token: bob.token });
    expect((await react(bob, hidden.id, '👍')).status).toBe(404);
    expect((await react(alice, hidden.id, '👍')).status).toBe(200);
  });

  it('refuses the System chat and a direct chat with a block (403)', async () => {
    const system = (await list(client, eve)).conversations.find((c) => c.is_system);
    const notice = system ? (await history(client, eve, system.id)).messages[0] : undefined;
    expect(notice).toBeDefined();
    expect((await react(eve, notice?.id ?? 0, '👍')).status).toBe(403);

    const carol = await person(client);
    const dave = await person(client);
    const blocked = await direct(client, carol, dave);
    const m = await sent(client, carol, blocked.id, 'before the block');
    const block = await client.post(
      `/user/conversations/${blocked.id}/block`,
      {},
      {
        token: carol.token,
      },
    );
    expect(block.status).toBe(200);
    expect((await react(dave, m.id, '👍')).status).toBe(403);
    expect((await react(carol, m.id, '👍')).status).toBe(403);
  });

  it('lets a channel subscriber react, though they may not post', async () => {
    const sub = await person(client);
    const consent = await client.post(
      '/user/settings/who-can-add',
      { who_can_add: 'everybody' },
      { token: sub.token },
    );
    expect(consent.status).toBe(200);
    await direct(client, alice, sub); // channels take friends
    const created = await client.post<Conversation>(
      '/user/channels/create',
      { channel_name: 'Reactable', member_ids: JSON.stringify([sub.id]) },
      { token: alice.token },
    );
    expect(created.status).toBe(200);
    const post = await sent(client, alice, created.body.id, 'news');
    const posting = await client.post(
      '/user/messages',
      { conversation_id: created.body.id, uuid: randomUUID(), message: 'me too' },
      { token: sub.token },
    );
    expect(posting.status).toBe(403);
    const res = await react(sub, post.id, '🙏');
    expect(res.status).toBe(200);
    expect(res.body.reactions).toEqual([{ emoji: '🙏', count: 1, user_ids: [sub.id] }]);
  });
});

describe.each(stores())('reactions rate limit ($name)', (backend) => {
  const suite = useSuiteServer(backend, {
    rateLimits: { ...NO_LIMITS, sendPerUser: { max: 3, windowSeconds: 60 } },
  });

  it('shares the send budget: 429 once it is spent', async () => {
    const { client } = suite;
    const a = await person(client);
    const b = await person(client);
    const chat = await direct(client, a, b);
    const m = await sent(client, a, chat.id, 'one'); // 1 of 3
    const emoji = ['👍', '❤️', '😂'];
    const statuses = [];
    for (const e of emoji) {
      statuses.push(
        (await client.post(reactionsPath(m.id), { emoji: e }, { token: a.token })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
    // Another person's budget is their own.
    const other = await client.post(reactionsPath(m.id), { emoji: '👍' }, { token: b.token });
    expect(other.status).toBe(200);
  });
});
