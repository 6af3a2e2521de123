import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationList } from '@parley/protocol/conversation';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import {
  bringBackProbeQuery,
  reviveQuery,
} from '../src/features/conversations/message-effect-queries';
import type { Client } from './harness';
import { direct, history, list, person, pivotOf, sent } from './messaging';
import type { Person } from './messaging';
import { queryPlan } from './query-plan';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { TestStore } from './stores';

describe.each(stores())('conversations ($name)', (backend) => {
  let ts: TestStore;
  let client: Client;
  let alice: Person;
  let bob: Person;

  const suite = useSuiteServer(backend);
  beforeAll(async () => {
    ({ ts, client } = suite);
    [alice, bob] = [await person(client), await person(client)];
  });

  it('gives every new account one Saved Messages and one System chat with a welcome', async () => {
    const page = await list(client, alice);
    const saved = page.conversations.filter((c) => c.is_saved);
    const system = page.conversations.filter((c) => c.is_system);
    expect(saved).toHaveLength(1);
    expect(system).toHaveLength(1);
    // The welcome, then the notice of the first sign-in.
    expect(system[0]?.current_user.last_message).toMatchObject({
      type: 'sign_in',
      sender: null,
    });
    expect(system[0]?.pivot.new_messages).toBe(2);
    const messages = await history(client, alice, system[0]?.id ?? 0);
    expect(messages.messages[0]).toMatchObject({ message: MESSAGING_MSG.welcome, sender: null });
    const rows = await ts.store.db
      .selectFrom('conversation_members as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select('c.type')
      .where('m.user_id', '=', alice.id)
      .execute();
    expect(rows.map((r) => r.type).sort()).toEqual(['saved', 'system']);
    // Listing again creates nothing more.
    expect((await list(client, alice)).conversations).toHaveLength(2);
  });

  it('finds or creates a direct chat once, even when two calls race', async () => {
    const [a, b, c] = await Promise.all([
      client.post<Conversation>(
        '/user/conversations/direct',
        { user_id: bob.id },
        { token: alice.token },
      ),
      client.post<Conversation>(
        '/user/conversations/direct',
        { user_id: alice.id },
        { token: bob.token },
      ),
      client.post<Conversation>(
        '/user/conversations/direct',
        { username: `@${bob.username}` },
        { token: alice.token },
      ),
    ]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(1);
    expect(a.body).toMatchObject({
      type: 'direct',
      name: bob.name,
      is_group: false,
      is_secret: false,
      friend: { id: bob.id, name: bob.name, pivot: { blocked: false } },
      pivot: { new_messages: 0, pinned: false, muted: false, role: null },
    });
    const self = await client.post<Conversation>(
      '/user/conversations/direct',
      { user_id: alice.id },
      { token: alice.token },
    );
    expect(self.body.is_saved).toBe(true);
    const unknown = await client.post(
      '/user/conversations/direct',
      { username: 'nobody here' },
      { token: alice.token },
    );
    expect(unknown.status).toBe(404);
  });

  it('reaches a user who hides from search by exact username only', async () => {
    const shy = await person(client);
    await ts.store.db
      .updateTable('users')
      .set({ allow_search: 0 })
      .where('id', '=', shy.id)
      .execute();
    const found = await client.get<{ users: { id: number }[] }>(
      `/users/search?q=${shy.username.slice(0, 6)}`,
      { token: alice.token },
    );
    expect(found.body.users.some((u) => u.id === shy.id)).toBe(false);
    const res = await client.post(
      '/user/conversations/direct',
      { username: shy.username },
      { token: alice.token },
    );
    expect(res.status).toBe(200);
  });

  it('searches users by name or username prefix, without the caller', async () => {
    const res = await client.get<{ users: { id: number; username: string }[] }>(
      `/users/search?q=${encodeURIComponent(bob.username.toUpperCase())}`,
      { token: alice.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([
      {
        id: bob.id,
        name: bob.name,
        username: bob.username,
        avatar: null,
        is_bot: false,
        is_official: false,
      },
    ]);
    const self = await client.get<{ users: { id: number }[] }>(
      `/users/search?q=${alice.username}`,
      { token: alice.token },
    );
    expect(self.body.users).toEqual([]);
    const wildcard = await client.get<{ users: unknown[] }>('/users/search?q=%25', {
      token: alice.token,
    });
    expect(wildcard.body.users).toEqual([]);
  });

  it('has no legacy group route: groups are made by the create form alone', async () => {
    // It took any users, blocked or not (issue 18); the benchmark seeder uses /user/groups/create.
    const legacy = await client.post(
      '/user/conversations/group',
      { name: 'Team', member_ids: [bob.id] },
      { token: alice.token },
    );
    expect(legacy.status).toBe(404);
    const bobs = await list(client, bob);
    expect(bobs.conversations.some((c) => c.name === 'Team')).toBe(false);
  });

  it('orders the list pinned first, then newest, and pages it with a cursor', async () => {
    const me = await person(client);
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const other = await person(client);
      const c = await direct(client, me, other);
      await sent(client, other, c.id, `hello ${i}`);
      ids.push(c.id);
    }
    await client.post(`/user/conversations/${ids[0]}/pin`, { value: true }, { token: me.token });
    const all = await list(client, me);
    const order = all.conversations.map((c) => c.id);
    expect(order.slice(0, 5)).toEqual([ids[0], ids[3], ids[2], ids[1], order[4]]);
    expect(all.conversations[0]?.pivot.pinned).toBe(true);

    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(
        client,
        me,
        `?limit=2${cursor ? `&before_cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.conversations.length).toBeLessThanOrEqual(2);
      paged.push(...page.conversations.map((c) => c.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(order);
    expect(
      (await client.get(`/user/conversations?before_cursor=bogus`, { token: me.token })).status,
    ).toBe(422);
  });

  it('hides a hidden conversation unless include_hidden=1', async () => {
    const c = await direct(client, alice, bob);
    await client.post(`/user/conversations/${c.id}/hide`, { value: true }, { token: alice.token });
    expect((await list(client, alice)).conversations.some((x) => x.id === c.id)).toBe(false);
    expect(
      (await list(client, alice, '?include_hidden=1')).conversations.some((x) => x.id === c.id),
    ).toBe(true);
    await client.post(`/user/conversations/${c.id}/hide`, { value: false }, { token: alice.token });
  });

  it('clear sets cleared, resets unread and hides the history', async () => {
    const c = await direct(client, alice, bob);
    await sent(client, bob, c.id, 'old 1');
    const last = await sent(client, bob, c.id, 'old 2');
    expect(
      (await client.post(`/user/conversations/${c.id}/clear`, undefined, { token: alice.token }))
        .status,
    ).toBe(200);
    const pivot = await pivotOf(client, alice, c.id);
    expect(pivot).toMatchObject({ cleared: last.id, new_messages: 0 });
    expect((await history(client, alice, c.id)).messages).toEqual([]);
    expect((await history(client, bob, c.id)).messages.length).toBeGreaterThan(0);
    const fresh = await sent(client, bob, c.id, 'new');
    expect((await history(client, alice, c.id)).messages.map((m) => m.id)).toEqual([fresh.id]);
  });

  it('delete-for-me hides a direct chat until a new message arrives', async () => {
    const carol = await person(client);
    const c = await direct(client, alice, carol);
    await sent(client, carol, c.id, 'before');
    expect(
      (await client.delete(`/user/conversations/${c.id}`, { token: alice.token })).status,
    ).toBe(200);
    expect((await list(client, alice)).conversations.some((x) => x.id === c.id)).toBe(false);
    await sent(client, carol, c.id, 'are you there?');
    const back = (await list(client, alice)).conversations.find((x) => x.id === c.id);
    expect(back?.pivot.new_messages).toBe(1);
    expect((await history(client, alice, c.id)).messages.map((m) => m.message)).toEqual([
      'are you there?',
    ]);
  });

  it('finds deleted-for-me links to bring back through the partial index, not the member rows', async () => {
    // The query every send to a one-to-one kind runs, planned on this backend.
    const plan = await queryPlan(ts, backend, reviveQuery(ts.store.db, 1).compile());
    expect(plan).toContain('conversation_members_revive');
  });

  it('reads both partial indexes, not the member rows, to learn that a send brings nothing back', async () => {
    const probe = bringBackProbeQuery(ts.store.db, 1, 2).compile();
    const plan = await queryPlan(ts, backend, probe);
    expect(plan).toContain('conversation_members_revive');
    expect(plan).toContain('conversation_members_unarchive');
  });

  it('pins a message of the conversation and unpins with null', async () => {
    const c = await direct(client, alice, bob);
    const m = await sent(client, bob, c.id, 'pin me');
    const res = await client.post(
      `/user/conversations/${c.id}/pinned-message`,
      { message_id: m.id },
      { token: alice.token },
    );
    expect(res.body).toEqual({
      status: 'ok',
      pinned_message: {
        id: m.id,
        message: 'pin me',
        type: 'text',
        sender: { id: bob.id, name: bob.name },
        deleted: false,
      },
    });
    const conv = await client.post<Conversation>(
      '/user/conversation',
      { conversation_id: c.id },
      { token: bob.token },
    );
    expect(conv.body.pinned_message?.id).toBe(m.id);
    await client.post(
      `/user/conversations/${c.id}/pinned-message`,
      { message_id: null },
      { token: alice.token },
    );
    const after = await client.post<Conversation>(
      '/user/conversation',
      { conversation_id: c.id },
      { token: bob.token },
    );
    expect(after.body.pinned_message).toBeNull();
  });

  it('records pivot changes in the user event log with increasing seq', async () => {
    const dave = await person(client);
    const c = await direct(client, dave, bob);
    await client.post(`/user/conversations/${c.id}/mute`, { value: true }, { token: dave.token });
    await client.post(`/user/conversations/${c.id}/pin`, { value: true }, { token: dave.token });
    const events = await ts.store.db
      .selectFrom('user_events')
      .select(['seq', 'type'])
      .where('user_id', '=', dave.id)
      .orderBy('seq')
      .execute();
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.slice(-2).map((e) => e.type)).toEqual([
      'conversation.updated',
      'conversation.updated',
    ]);
    const user = await ts.store.db
      .selectFrom('users')
      .select('last_seq')
      .where('id', '=', dave.id)
      .executeTakeFirstOrThrow();
    expect(user.last_seq).toBe(events.length);

    // The first page names that seq (a client resumes after it); later pages do not.
    const first = await client.get<ConversationList>('/user/conversations?limit=1', {
      token: dave.token,
    });
    expect(first.body.user_seq).toBe(events.length);
    const next = await client.get<ConversationList>(
      `/user/conversations?limit=1&before_cursor=${encodeURIComponent(first.body.next_cursor ?? '')}`,
      { token: dave.token },
    );
    expect(next.status).toBe(200);
    expect(next.body.user_seq).toBeUndefined();
    await client.post(`/user/conversations/${c.id}/pin`, { value: false }, { token: dave.token });
    const again = await client.get<ConversationList>('/user/conversations', { token: dave.token });
    expect(again.body.user_seq).toBe(events.length + 1);
  });

  it("keeps a custom keyboard on the caller's pivot only (spec 4 Keyboard)", async () => {
    const c = await direct(client, alice, bob);
    const keyboard = [['Yes', 'No'], ['Later']];
    const set = await client.post(
      `/user/conversations/${c.id}/keyboard`,
      { keyboard: [['  Yes ', 'No'], ['Later']] },
      { token: alice.token },
    );
    expect(set.body).toEqual({ status: 'ok' });
    expect((await pivotOf(client, alice, c.id)).keyboard).toEqual(keyboard);
    expect((await pivotOf(client, bob, c.id)).keyboard).toBeNull();
    const event = await ts.store.db
      .selectFrom('user_events')
      .select(['type', 'payload'])
      .where('user_id', '=', alice.id)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.type).toBe('conversation.updated');
    // Set through the API, a keyboard has no bot's options (docs/BOTS.md).
    expect(JSON.parse(String(event.payload))).toEqual({
      conversation_id: c.id,
      keyboard,
      keyboard_options: null,
    });

    for (const bad of [
      [],
      [[]],
      [['']],
      [['x'.repeat(65)]],
      'Yes',
      [['a', 'b', 'c', 'd', 'e', 'f', 'g']],
    ]) {
      const res = await client.post(
        `/user/conversations/${c.id}/keyboard`,
        { keyboard: bad },
        { token: alice.token },
      );
      expect(res.status).toBe(422);
    }
    const stranger = await person(client);
    const refused = await client.post(
      `/user/conversations/${c.id}/keyboard`,
      { keyboard },
      { token: stranger.token },
    );
    expect(refused.status).toBe(404);

    await client.post(
      `/user/conversations/${c.id}/keyboard`,
      { keyboard: null },
      { token: alice.token },
    );
    expect((await pivotOf(client, alice, c.id)).keyboard).toBeNull();
  });
});
