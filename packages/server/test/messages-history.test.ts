import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { Client } from './harness';
import {
  conversationEvents,
  direct,
  edit,
  history,
  person,
  pivotOf,
  send,
  sent,
} from './messaging';
import type { Person } from './messaging';
import { groupWith } from './groups';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { TestStore } from './stores';

// Reading on every store backend: history pages, unread counters and read
// marks, mentions, and the per-conversation event log (one event per
// mutation, no gaps, also when sends, reads and edits race).

describe.each(stores())('message history and reads ($name)', (backend) => {
  let ts: TestStore;
  let client: Client;
  let alice: Person;
  let bob: Person;
  let eve: Person;

  const suite = useSuiteServer(backend);
  beforeAll(async () => {
    ({ ts, client } = suite);
    [alice, bob, eve] = [await person(client), await person(client), await person(client)];
  });

  describe('history', () => {
    let room: Conversation;
    let ids: number[];
    /** The group's "created" service line (group-notice.ts): its first message. */
    let created: number[];

    beforeAll(async () => {
      room = await groupWith(client, alice, 'History', bob);
      created = (await history(client, alice, room.id)).messages.map((m) => m.id);
      ids = [];
      for (let i = 0; i < 120; i += 1)
        ids.push((await sent(client, i % 2 ? bob : alice, room.id, `m${i}`)).id);
    });

    it('pages backwards by id: every message once, in order, unshifted by new sends', async () => {
      const seen: number[] = [];
      let page = await history(client, alice, room.id);
      expect(page.messages).toHaveLength(50);
      expect(page).toMatchObject({ has_older: true, has_newer: false });
      seen.unshift(...page.messages.map((m) => m.id));
      while (page.has_older) {
        await sent(client, bob, room.id, 'meanwhile');
        page = await history(client, alice, room.id, `?before=${page.messages[0]?.id}`);
        expect(page.has_newer).toBe(true);
        seen.unshift(...page.messages.map((m) => m.id));
      }
      expect(created).toHaveLength(1);
      expect(seen).toEqual([...created, ...ids]);
    });

    it('answers around=X with X and its neighbours, and after=X with the newer ones', async () => {
      const x = ids[60] ?? 0;
      const page = await history(client, alice, room.id, `?around=${x}&limit=10`);
      expect(page.messages.map((m) => m.id)).toEqual(ids.slice(55, 65));
      expect(page).toMatchObject({ has_older: true, has_newer: true });
      const after = await history(client, alice, room.id, `?after=${ids[117]}&limit=2`);
      expect(after.messages.map((m) => m.id)).toEqual(ids.slice(118, 120));
      expect(after.has_older).toBe(true);
      expect(page.messages[0]).toMatchObject({ message: 'm55', sender: { id: bob.id } });
    });

    it('refuses a limit over 100', async () => {
      const res = await client.get(`/user/conversations/${room.id}/messages?limit=101`, {
        token: alice.token,
      });
      expect(res.status).toBe(422);
      const both = await client.get(`/user/conversations/${room.id}/messages?before=5&after=2`, {
        token: alice.token,
      });
      expect(both.status).toBe(422);
    });
  });

  describe('unread and read', () => {
    it('counts for the recipient only, resets on read, never moves backwards', async () => {
      const c = await direct(client, eve, bob);
      const first = await sent(client, eve, c.id, 'one');
      await sent(client, eve, c.id, 'two');
      const third = await sent(client, eve, c.id, 'three');
      expect((await pivotOf(client, eve, c.id)).new_messages).toBe(0);
      expect((await pivotOf(client, bob, c.id)).new_messages).toBe(3);

      const partial = await client.post(
        `/user/messages/read/${c.id}`,
        { message_id: first.id },
        { token: bob.token },
      );
      expect(partial.body).toMatchObject({ status: 'ok', new_messages: 2 });
      // Views follow the marker: the next read marks only what it newly covers.
      expect((await history(client, eve, c.id)).messages.map((m) => m.views)).toEqual([1, 0, 0]);
      const all = await client.post(`/user/messages/read/${c.id}`, {}, { token: bob.token });
      expect(all.body).toMatchObject({ status: 'ok', new_messages: 0 });
      const back = await client.post(
        `/user/messages/read/${c.id}`,
        { message_id: first.id },
        { token: bob.token },
      );
      expect(back.body).toMatchObject({ new_messages: 0 });
      expect((await pivotOf(client, bob, c.id)).last_read_message_id).toBe(third.id);
      const seen = await history(client, eve, c.id);
      expect(seen.messages.map((m) => m.views)).toEqual([1, 1, 1]);
    });

    it('leaves muted conversations out of the global count', async () => {
      const carol = await person(client);
      const c1 = await direct(client, alice, carol);
      const c2 = await direct(client, bob, carol);
      await sent(client, alice, c1.id, 'a');
      await sent(client, bob, c2.id, 'b');
      await sent(client, bob, c2.id, 'c');
      const before = await client.get<{ count: number }>('/user/unread', { token: carol.token });
      // 3 here + the welcome message and the first sign-in notice in System.
      expect(before.body.count).toBe(5);
      expect(
        (
          await client.post(
            `/user/conversations/${c2.id}/mute`,
            { value: true },
            { token: carol.token },
          )
        ).status,
      ).toBe(200);
      const after = await client.get<{ count: number }>('/user/unread', { token: carol.token });
      expect(after.body.count).toBe(3);
      const read = await client.post(`/user/messages/read/${c1.id}`, {}, { token: carol.token });
      expect(read.body).toMatchObject({ new_messages: 0, unread_count: 2 });
    });

    it('sets mentioned_message_id for an @mentioned member and clears it on read', async () => {
      const res = { body: await groupWith(client, alice, 'Mentions', bob, eve) };
      const m = await sent(client, alice, res.body.id, `hey @${bob.username.toUpperCase()} look`);
      expect((await pivotOf(client, bob, res.body.id)).mentioned_message_id).toBe(m.id);
      expect((await pivotOf(client, eve, res.body.id)).mentioned_message_id).toBeNull();
      await client.post(
        `/user/messages/read/${res.body.id}`,
        { message_id: m.id },
        { token: bob.token },
      );
      expect((await pivotOf(client, bob, res.body.id)).mentioned_message_id).toBeNull();
    });
  });

  it('survives sends, reads and edits racing in one conversation', async () => {
    const c = await direct(client, alice, eve);
    const mine = await sent(client, alice, c.id, 'edit me');
    const calls = [];
    for (let i = 0; i < 8; i += 1) {
      calls.push(send(client, i % 2 ? alice : eve, c.id, `burst ${i}`));
      calls.push(
        client.post(`/user/messages/read/${c.id}`, {}, { token: i % 2 ? eve.token : alice.token }),
      );
      calls.push(
        client.post(
          `/user/conversations/${c.id}/mute`,
          { value: i % 2 === 0 },
          { token: eve.token },
        ),
      );
    }
    calls.push(edit(client, alice, mine.id, 'edited'));
    const replies = await Promise.all(calls);
    expect(replies.map((r) => r.status)).toEqual(Array(replies.length).fill(200));
    const events = await conversationEvents(ts.store, c.id);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it('appends exactly one conversation event per mutation, seq = previous + 1', async () => {
    const dave = await person(client);
    const c = await direct(client, bob, dave);
    const start = await conversationEvents(ts.store, c.id);
    expect(start.map((e) => e.type)).toEqual(['conversation.created']);
    const m = await sent(client, bob, c.id, 'evented');
    await edit(client, bob, m.id, 'edited');
    await client.post(
      `/user/conversations/${c.id}/pinned-message`,
      { message_id: m.id },
      { token: dave.token },
    );
    await client.post(`/user/messages/read/${c.id}`, {}, { token: dave.token });
    await client.delete(`/user/messages/${m.id}?for=everyone`, { token: bob.token });
    const events = await conversationEvents(ts.store, c.id);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(events.map((e) => e.type)).toEqual([
      'conversation.created',
      'message.new',
      'message.edited',
      'conversation.pinned_message',
      'message.viewed',
      'message.deleted',
    ]);
    expect(JSON.parse(events[1]?.payload ?? '{}')).toEqual({ message_id: m.id });
    const after = await client.post<Conversation>(
      '/user/conversation',
      { conversation_id: c.id },
      { token: bob.token },
    );
    expect(after.body.last_seq).toBe(6);
    expect(after.body.pinned_message).toEqual({
      id: m.id,
      message: null,
      type: null,
      sender: null,
      deleted: true,
    });
  });
});
