import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { MESSAGE_MAX_LENGTH } from '@parley/protocol/constants';
import type { Message } from '@parley/protocol/message';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import type { Client } from './harness';
import { conversationEvents, direct, history, person, pivotOf, send, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { TestStore } from './stores';

describe.each(stores())('messages ($name)', (backend) => {
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

  const rowsWithUuid = (uuid: string) =>
    ts.store.db.selectFrom('messages').select('id').where('uuid', '=', uuid).execute();

  describe('sending', () => {
    it('is idempotent on (sender, uuid)', async () => {
      const body = { conversation_id: chat.id, uuid: randomUUID(), message: ' hello ' };
      const first = await client.post<Message>('/user/messages', body, { token: alice.token });
      const again = await client.post<Message>('/user/messages', body, { token: alice.token });
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(first.body.id);
      expect(first.body).toMatchObject({
        message: 'hello',
        uuid: body.uuid,
        user_id: alice.id,
        sender: { id: alice.id, name: alice.name },
        conversation_id: chat.id,
        edited: false,
        parent: null,
        forwarded: null,
        file: null,
      });
      expect(await rowsWithUuid(body.uuid)).toHaveLength(1);
    });

    it('keeps one row when duplicates race', async () => {
      const body = { conversation_id: chat.id, uuid: randomUUID(), message: 'race' };
      const replies = await Promise.all(
        Array.from({ length: 5 }, () =>
          client.post<Message>('/user/messages', body, { token: alice.token }),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
      expect(await rowsWithUuid(body.uuid)).toHaveLength(1);
    });

    it('refuses empty and too long text with a field message', async () => {
      const long = await send(client, alice, chat.id, 'x'.repeat(MESSAGE_MAX_LENGTH + 1));
      expect(long.status).toBe(422);
      expect(long.body).toMatchObject({ errors: { message: [MESSAGING_MSG.messageTooLong] } });
      const blank = await send(client, alice, chat.id, '   ');
      expect(blank.status).toBe(422);
      expect(blank.body).toMatchObject({ errors: { message: [MESSAGING_MSG.messageRequired] } });
      expect((await send(client, alice, chat.id, 'y'.repeat(MESSAGE_MAX_LENGTH))).status).toBe(200);
      const badUuid = await client.post(
        '/user/messages',
        { conversation_id: chat.id, uuid: 'nope', message: 'a' },
        { token: alice.token },
      );
      expect(badUuid.status).toBe(422);
    });

    it('refuses a parent from another conversation', async () => {
      const other = await direct(client, alice, eve);
      const foreign = await sent(client, alice, other.id, 'elsewhere');
      const res = await send(client, alice, chat.id, 'reply', { parent_id: foreign.id });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ errors: { parent_id: [MESSAGING_MSG.parentElsewhere] } });
    });

    it('answers 403 in the System conversation', async () => {
      const list = await client.get<{ conversations: Conversation[] }>('/user/conversations', {
        token: alice.token,
      });
      const system = list.body.conversations.find((c) => c.is_system);
      expect(system).toBeDefined();
      const res = await send(client, alice, system?.id ?? 0, 'hi');
      expect(res.status).toBe(403);
    });
  });

  it('hides every call on a conversation from non-members (404)', async () => {
    const m = await sent(client, alice, chat.id, 'private');
    const token = { token: eve.token };
    const replies = await Promise.all([
      send(client, eve, chat.id, 'intrude'),
      client.get(`/user/conversations/${chat.id}/messages`, token),
      client.post('/user/conversation', { conversation_id: chat.id }, token),
      client.post(`/user/messages/read/${chat.id}`, {}, token),
      client.post(
        '/user/messages/forward',
        { ids: [m.id], from_conversation_id: chat.id, to_conversation_id: chat.id },
        token,
      ),
      client.call('PATCH', `/api/v1/user/messages/${m.id}`, { message: 'x' }, token),
      client.delete(`/user/messages/${m.id}?for=me`, token),
      client.post(`/user/conversations/${chat.id}/pin`, { value: true }, token),
      client.post(`/user/conversations/${chat.id}/pinned-message`, { message_id: m.id }, token),
      client.get('/user/conversations/999999/messages', token),
    ]);
    expect(replies.map((r) => r.status)).toEqual(Array(replies.length).fill(404));
  });

  it('lets only the author edit or delete for everyone', async () => {
    const m = await sent(client, alice, chat.id, 'original');
    const byBob = await client.call(
      'PATCH',
      `/api/v1/user/messages/${m.id}`,
      { message: 'hack' },
      { token: bob.token },
    );
    expect(byBob.status).toBe(403);
    expect(
      (await client.delete(`/user/messages/${m.id}?for=everyone`, { token: bob.token })).status,
    ).toBe(403);
    const edited = await client.call<Message>(
      'PATCH',
      `/api/v1/user/messages/${m.id}`,
      { message: 'fixed' },
      { token: alice.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: m.id, message: 'fixed', edited: true });
  });

  it('shows a deleted parent as deleted in a reply, and drops the message from history', async () => {
    const parent = await sent(client, alice, chat.id, 'to be deleted');
    const reply = await sent(client, bob, chat.id, 'answer', { parent_id: parent.id });
    expect(reply.parent).toEqual({
      id: parent.id,
      message: 'to be deleted',
      type: 'text',
      sender: { id: alice.id, name: alice.name },
      deleted: false,
    });
    expect(
      (await client.delete(`/user/messages/${parent.id}?for=everyone`, { token: alice.token }))
        .status,
    ).toBe(200);
    const page = await history(client, bob, chat.id);
    expect(page.messages.find((x) => x.id === parent.id)).toBeUndefined();
    expect(page.messages.find((x) => x.id === reply.id)?.parent).toEqual({
      id: parent.id,
      message: null,
      type: null,
      sender: null,
      deleted: true,
    });
  });

  it('delete for me hides a message only for the caller', async () => {
    const m = await sent(client, bob, chat.id, 'not for alice');
    expect(
      (await client.delete(`/user/messages/${m.id}?for=me`, { token: alice.token })).status,
    ).toBe(200);
    expect((await history(client, alice, chat.id)).messages.some((x) => x.id === m.id)).toBe(false);
    expect((await history(client, bob, chat.id)).messages.some((x) => x.id === m.id)).toBe(true);
  });

  describe('history', () => {
    let room: Conversation;
    let ids: number[];

    beforeAll(async () => {
      const res = await client.post<Conversation>(
        '/user/conversations/group',
        { name: 'History', member_ids: [bob.id] },
        { token: alice.token },
      );
      room = res.body;
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
      expect(seen).toEqual(ids);
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
      const res = await client.post<Conversation>(
        '/user/conversations/group',
        { name: 'Mentions', member_ids: [bob.id, eve.id] },
        { token: alice.token },
      );
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
    calls.push(
      client.call(
        'PATCH',
        `/api/v1/user/messages/${mine.id}`,
        { message: 'edited' },
        { token: alice.token },
      ),
    );
    const replies = await Promise.all(calls);
    expect(replies.map((r) => r.status)).toEqual(Array(replies.length).fill(200));
    const events = await conversationEvents(ts.store, c.id);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it('forwards copies that keep forwarded_id', async () => {
    const src = await direct(client, alice, eve);
    const original = await sent(client, eve, src.id, 'pass it on');
    const res = await client.post<{ status: string; messages: Message[] }>(
      '/user/messages/forward',
      { ids: [original.id], from_conversation_id: src.id, to_conversation_id: chat.id },
      { token: alice.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.messages).toHaveLength(1);
    expect(res.body.messages[0]).toMatchObject({
      conversation_id: chat.id,
      message: 'pass it on',
      user_id: alice.id,
      forwarded_id: original.id,
      forwarded: { id: original.id, sender: { id: eve.id }, deleted: false },
    });
    const notMine = await client.post(
      '/user/messages/forward',
      { ids: [original.id], from_conversation_id: src.id, to_conversation_id: chat.id },
      { token: bob.token },
    );
    expect(notMine.status).toBe(404);
  });

  it('appends exactly one conversation event per mutation, seq = previous + 1', async () => {
    const dave = await person(client);
    const c = await direct(client, bob, dave);
    const start = await conversationEvents(ts.store, c.id);
    expect(start.map((e) => e.type)).toEqual(['conversation.created']);
    const m = await sent(client, bob, c.id, 'evented');
    await client.call(
      'PATCH',
      `/api/v1/user/messages/${m.id}`,
      { message: 'edited' },
      { token: bob.token },
    );
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
