import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { ReadReply } from '@parley/protocol/message';
import type { ServerFrame } from '@parley/protocol/realtime';
import { unarchiveQuery } from '../src/features/conversations/message-effect-queries';
import { flag } from '../src/store/types';
import { befriend, createConversation } from './groups';
import type { Client } from './harness';
import { newAccount, registerAndLogin } from './harness';
import { queryPlan } from './query-plan';
import { direct, list, person, pivotOf, sent } from './messaging';
import type { Person } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { TestStore } from './stores';

// Hidden chats are the archive (protocol rules/archive.ts): listed apart
// (`hidden_only=1`), out of the global unread count, and an unmuted one
// comes back with the next message from someone else — in the send's
// transaction, with a `conversation.updated {hidden: 0}` user event. A
// muted one stays (Telegram's behaviour).

describe.each(stores())('hidden chats, the archive ($name)', (backend) => {
  let ts: TestStore;
  let client: Client;
  let url: string;

  const suite = useSuiteServer(backend);
  beforeAll(() => {
    ({ ts, client } = suite);
    url = suite.server.url;
  });

  const setFlag = async (who: Person, id: number, action: 'hide' | 'mute', value: boolean) => {
    const res = await client.post(
      `/user/conversations/${id}/${action}`,
      { value },
      { token: who.token },
    );
    expect(res.status).toBe(200);
  };
  const unread = async (who: Person) =>
    (await client.get<{ count: number }>('/user/unread', { token: who.token })).body.count;
  const archive = async (who: Person) =>
    (await list(client, who, '?hidden_only=1')).conversations.map((c) => c.id);
  const mainList = async (who: Person) => (await list(client, who)).conversations.map((c) => c.id);
  /** The user events about one conversation in the log, oldest first. */
  const userEvents = async (who: Person, conversationId: number) => {
    const rows = await ts.store.db
      .selectFrom('user_events')
      .select(['type', 'payload'])
      .where('user_id', '=', who.id)
      .orderBy('seq')
      .execute();
    return rows
      .map((r) => ({
        type: r.type,
        payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<
          string,
          unknown
        >,
      }))
      .filter((e) => e.payload.conversation_id === conversationId);
  };
  const hiddenInStore = async (who: Person, conversationId: number) => {
    const row = await ts.store.db
      .selectFrom('conversation_members')
      .select('hidden')
      .where('user_id', '=', who.id)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow();
    return flag(row.hidden);
  };

  it('lists hidden chats apart with hidden_only=1, paged, and refuses a bad flag', async () => {
    const [me, a, b, c] = [
      await person(client),
      await person(client),
      await person(client),
      await person(client),
    ];
    const chats: Conversation[] = [];
    for (const other of [a, b, c]) chats.push(await direct(client, me, other));
    for (const chat of chats.slice(0, 2)) await setFlag(me, chat.id, 'hide', true);
    const [first, second] = chats;
    expect(await archive(me)).toEqual([second?.id, first?.id]);
    expect(await mainList(me)).not.toContain(first?.id);
    expect(await mainList(me)).toContain(chats[2]?.id);
    const page = await list(client, me, '?hidden_only=1&limit=1');
    expect(page.conversations.map((x) => x.id)).toEqual([second?.id]);
    expect(page.conversations[0]?.pivot.hidden).toBe(true);
    const next = await list(
      client,
      me,
      `?hidden_only=1&limit=1&before_cursor=${encodeURIComponent(page.next_cursor ?? '')}`,
    );
    expect(next.conversations.map((x) => x.id)).toEqual([first?.id]);
    expect(next.next_cursor).toBeNull();
    const bad = await client.get('/user/conversations?hidden_only=perhaps', { token: me.token });
    expect(bad.status).toBe(422);
  });

  it('brings an unmuted hidden chat back on a message from the other side, and tells its devices', async () => {
    const [alice, bob] = [await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    await setFlag(alice, chat.id, 'hide', true);
    const socket = await TestSocket.open(url);
    try {
      // Resumed from now: the hide itself is not replayed.
      await socket.ready(alice.token, { user_seq: (await list(client, alice)).user_seq ?? 0 });
      const before = await unread(alice);
      const message = await sent(client, bob, chat.id, 'are you hiding?');
      const frame = await socket.next(
        (f: ServerFrame) =>
          f.op === 'event' && f.scope === 'user' && f.type === 'conversation.updated',
      );
      expect(frame).toMatchObject({ payload: { conversation_id: chat.id, hidden: 0 } });
      expect(await hiddenInStore(alice, chat.id)).toBe(false);
      expect(await mainList(alice)).toContain(chat.id);
      expect(await archive(alice)).not.toContain(chat.id);
      // Back in the list, its unread counts again.
      expect((await pivotOf(client, alice, chat.id)).new_messages).toBe(1);
      expect(await unread(alice)).toBe(before + 1);
      // The event went into the log in the send's order: a resume gets it too.
      expect(await userEvents(alice, chat.id)).toContainEqual({
        type: 'conversation.updated',
        payload: { conversation_id: chat.id, hidden: 0 },
      });
      expect(message.id).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
  });

  it('keeps a muted hidden chat archived, out of the count, with its unread in the archive', async () => {
    const [alice, bob] = [await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    await setFlag(alice, chat.id, 'mute', true);
    await setFlag(alice, chat.id, 'hide', true);
    const before = await userEvents(alice, chat.id);
    const count = await unread(alice);
    await sent(client, bob, chat.id, 'still there?');
    await sent(client, bob, chat.id, 'hello?');
    expect(await hiddenInStore(alice, chat.id)).toBe(true);
    expect(await mainList(alice)).not.toContain(chat.id);
    const archived = (await list(client, alice, '?hidden_only=1')).conversations;
    expect(archived.find((c) => c.id === chat.id)?.pivot.new_messages).toBe(2);
    expect(await unread(alice)).toBe(count);
    // No pivot change, so no event about it.
    expect(await userEvents(alice, chat.id)).toEqual(before);
  });

  it("leaves the sender's own hidden chat hidden", async () => {
    const [alice, bob] = [await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    await setFlag(alice, chat.id, 'hide', true);
    await sent(client, alice, chat.id, 'from the archive');
    expect(await hiddenInStore(alice, chat.id)).toBe(true);
    expect(await archive(alice)).toContain(chat.id);
  });

  it('counts neither muted nor hidden chats in GET /user/unread and in a read reply', async () => {
    const [alice, bob, carol] = [await person(client), await person(client), await person(client)];
    const hidden = await direct(client, alice, bob);
    const open = await direct(client, alice, carol);
    const start = await unread(alice);
    await sent(client, bob, hidden.id, 'one');
    await sent(client, bob, hidden.id, 'two');
    await sent(client, carol, open.id, 'three');
    expect(await unread(alice)).toBe(start + 3);
    // Hiding takes its unread out of the count; unhiding puts it back.
    await setFlag(alice, hidden.id, 'hide', true);
    expect(await unread(alice)).toBe(start + 1);
    // A read elsewhere answers the same count as GET /user/unread.
    const read = await client.post<ReadReply>(
      `/user/messages/read/${open.id}`,
      {},
      { token: alice.token },
    );
    expect(read.body.unread_count).toBe(start);
    expect(await unread(alice)).toBe(start);
    // Reading the hidden one itself: its reply does not count it either.
    const first = await client.post<ReadReply>(
      `/user/messages/read/${hidden.id}`,
      { message_id: (await pivotOf(client, alice, hidden.id)).last_read_message_id ?? 1 },
      { token: alice.token },
    );
    expect(first.body.new_messages).toBeGreaterThan(0);
    expect(first.body.unread_count).toBe(start);
    await setFlag(alice, hidden.id, 'hide', false);
    expect(await unread(alice)).toBe(start + first.body.new_messages);
  });

  it('in a group: unhides the unmuted hidden links of the recipients only', async () => {
    const [owner, quiet, loud, gone] = [
      await person(client),
      await person(client),
      await person(client),
      await person(client),
    ];
    await befriend(client, owner, quiet, loud, gone);
    const group = await createConversation(client, owner, 'group', {
      member_ids: [quiet.id, loud.id, gone.id],
    });
    await setFlag(quiet, group.id, 'mute', true);
    for (const who of [owner, quiet, loud, gone]) await setFlag(who, group.id, 'hide', true);
    // Someone who left keeps their hidden link, and it stays so.
    expect(
      (await client.delete(`/user/conversations/${group.id}`, { token: gone.token })).status,
    ).toBe(200);
    await sent(client, owner, group.id, 'meeting at ten');
    expect(await hiddenInStore(owner, group.id)).toBe(true);
    expect(await hiddenInStore(quiet, group.id)).toBe(true);
    expect(await hiddenInStore(loud, group.id)).toBe(false);
    expect(await hiddenInStore(gone, group.id)).toBe(true);
    expect((await userEvents(loud, group.id)).at(-1)).toEqual({
      type: 'conversation.updated',
      payload: { conversation_id: group.id, hidden: 0 },
    });
    // The owner's own message does not bring it back for them; loud's reply does.
    await sent(client, loud, group.id, 'ok');
    expect(await hiddenInStore(owner, group.id)).toBe(false);
    expect(await hiddenInStore(quiet, group.id)).toBe(true);
  });

  it('a server notice (no sender) brings a hidden System chat back', async () => {
    const signed = await registerAndLogin(client, newAccount('notice'));
    const me: Person = {
      id: (await client.get<{ id: number }>('/user', { token: signed.access_token })).body.id,
      token: signed.access_token,
      username: signed.account.username,
      name: signed.account.name,
    };
    const system = (await list(client, me)).conversations.find((c) => c.is_system);
    if (!system) throw new Error('no System chat');
    await setFlag(me, system.id, 'hide', true);
    expect(await archive(me)).toContain(system.id);
    // A new sign-in posts a notice into System.
    const again = await client.post('/login', {
      login: signed.account.login,
      password: signed.account.password,
    });
    expect(again.status).toBe(200);
    expect(await hiddenInStore(me, system.id)).toBe(false);
    expect(await mainList(me)).toContain(system.id);
  });

  it('finds the links to bring back through the partial index, not the member rows', async () => {
    // The query every send runs (one probe of an index that holds only
    // hidden, unmuted links), planned on this backend.
    const compiled = unarchiveQuery(ts.store.db, 1, 2).compile();
    const plan = await queryPlan(ts, backend, compiled);
    expect(plan).toContain('conversation_members_unarchive');
  });
});
