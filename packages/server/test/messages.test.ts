import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { MESSAGE_MAX_LENGTH } from '@parley/protocol/constants';
import type { Message } from '@parley/protocol/message';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import type { Client } from './harness';
import { direct, edit, history, person, send, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { TestStore } from './stores';

// Sending, editing, deleting and forwarding messages on every store backend,
// and the 404 a non-member gets from every call. History pages, unread
// counters and the event log are in messages-history.test.ts.

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

    it('answers a retry with the first message even when its parent is gone since', async () => {
      const parent = await sent(client, alice, chat.id, 'soon gone');
      const body = {
        conversation_id: chat.id,
        uuid: randomUUID(),
        message: 'a reply',
        parent_id: parent.id,
      };
      const first = await client.post<Message>('/user/messages', body, { token: alice.token });
      expect(first.status).toBe(200);
      const gone = await client.delete(`/user/messages/${parent.id}?for=everyone`, {
        token: alice.token,
      });
      expect(gone.status).toBe(200);
      const retry = await client.post<Message>('/user/messages', body, { token: alice.token });
      expect(retry.status).toBe(200);
      expect(retry.body.id).toBe(first.body.id);
      // A new send may not answer the deleted message.
      const fresh = await send(client, alice, chat.id, 'late', { parent_id: parent.id });
      expect(fresh.body).toMatchObject({ errors: { parent_id: [MESSAGING_MSG.parentElsewhere] } });
    });

    it('refuses a uuid already used in another conversation, storing nothing', async () => {
      const other = await direct(client, alice, eve);
      const uuid = randomUUID();
      const body = { conversation_id: chat.id, uuid, message: 'here' };
      expect((await client.post('/user/messages', body, { token: alice.token })).status).toBe(200);
      const elsewhere = await client.post(
        '/user/messages',
        { ...body, conversation_id: other.id, message: 'there' },
        { token: alice.token },
      );
      expect(elsewhere).toMatchObject({
        status: 422,
        body: { errors: { uuid: [MESSAGING_MSG.uuidReused] } },
      });
      expect(await rowsWithUuid(uuid)).toHaveLength(1);
    });

    it('checks a retry for access like a first send', async () => {
      const body = { conversation_id: chat.id, uuid: randomUUID(), message: 'mine' };
      expect((await client.post('/user/messages', body, { token: alice.token })).status).toBe(200);
      // Eve is no member: the same body is refused, not answered with Alice's message.
      const replay = await client.post('/user/messages', body, { token: eve.token });
      expect(replay.status).toBe(404);
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
    const byBob = await edit(client, bob, m.id, 'hack');
    expect(byBob.status).toBe(403);
    expect(
      (await client.delete(`/user/messages/${m.id}?for=everyone`, { token: bob.token })).status,
    ).toBe(403);
    const edited = await edit(client, alice, m.id, 'fixed');
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
});
