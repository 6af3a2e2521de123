import { beforeAll, describe, expect, it } from 'vitest';
import { GROUP_NOTICE_TYPE, parseGroupNotice } from '@parley/protocol/group-notice';
import type { Message } from '@parley/protocol/message';
import { befriend, createConversation, memberAction } from './groups';
import { solid } from './images';
import { history, list, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Group service lines (issue 23, protocol group-notice.ts): each membership
// or info change writes exactly one stored line, in order with messages,
// seen by every member; a refused change writes none; and the line itself
// cannot be edited, deleted, replied to, forwarded, pinned or reacted to.

describe.each(stores())('group service lines ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let alice: Person;
  let bob: Person;
  let carol: Person;

  beforeAll(async () => {
    [alice, bob, carol] = [
      await person(suite.client),
      await person(suite.client),
      await person(suite.client),
    ];
    await befriend(suite.client, alice, bob, carol);
  });

  /** The service lines of a conversation as `who` reads them: [action, actor, target, title]. */
  const lines = async (who: Person, conversationId: number) =>
    (await history(suite.client, who, conversationId, '?limit=100')).messages
      .filter((m) => m.type === GROUP_NOTICE_TYPE)
      .map((m) => {
        const n = parseGroupNotice(m.message);
        return [n?.action, m.user_id, n?.target_id ?? null, n?.title ?? null];
      });
  const lastLine = async (who: Person, conversationId: number): Promise<Message> => {
    const all = (await history(suite.client, who, conversationId, '?limit=100')).messages;
    const line = all.filter((m) => m.type === GROUP_NOTICE_TYPE).at(-1);
    if (!line) throw new Error('no service line');
    return line;
  };
  const post = (who: Person, path: string, body: Record<string, unknown>) =>
    suite.client.post(path, body, { token: who.token });

  it('writes one line per change, in order with messages, for every member', async () => {
    const g = await createConversation(suite.client, alice, 'group', {
      name: 'Trip',
      member_ids: [bob.id],
    });
    await sent(suite.client, bob, g.id, 'hello');
    expect(
      (await post(alice, `/user/conversations/${g.id}/members`, { user_ids: [carol.id] })).status,
    ).toBe(200);
    expect((await post(alice, `/user/conversations/${g.id}/edit`, { name: 'Trip 2' })).status).toBe(
      200,
    );
    // The same name again is no change: no line.
    expect((await post(alice, `/user/conversations/${g.id}/edit`, { name: 'Trip 2' })).status).toBe(
      200,
    );
    expect((await post(bob, '/user/groups/leave', { conversation_id: g.id })).status).toBe(200);
    expect((await memberAction(suite.client, alice, g.id, carol, 'remove')).status).toBe(200);

    const expected = [
      ['created', alice.id, null, 'Trip'],
      ['added', alice.id, carol.id, null],
      ['title', alice.id, null, 'Trip 2'],
      ['left', bob.id, null, null],
      ['removed', alice.id, carol.id, null],
    ];
    expect(await lines(alice, g.id)).toEqual(expected);
    // In order with messages: Bob's "hello" sits between the creation and the add.
    const texts = (await history(suite.client, alice, g.id, '?limit=100')).messages.map((m) =>
      m.type === GROUP_NOTICE_TYPE ? parseGroupNotice(m.message)?.action : m.message,
    );
    expect(texts).toEqual(['created', 'hello', 'added', 'title', 'left', 'removed']);
    // The removed target's name rides in the payload (they are gone from the member list).
    const removed = parseGroupNotice((await lastLine(alice, g.id)).message);
    expect(removed?.target_name).toBe(carol.name);
    // The list's last message is the newest line.
    const row = (await list(suite.client, alice)).conversations.find((c) => c.id === g.id);
    expect(row?.current_user.last_message?.type).toBe(GROUP_NOTICE_TYPE);
  });

  it('a member sees the lines written while they were in; a name is no mention', async () => {
    const g = await createConversation(suite.client, alice, 'group', { member_ids: [bob.id] });
    await post(alice, `/user/conversations/${g.id}/edit`, { name: `@${bob.username} party` });
    expect((await lines(bob, g.id)).map((l) => l[0])).toEqual(['created', 'title']);
    const pivot = await post(bob, '/user/conversation', { conversation_id: g.id });
    expect(pivot.body).toMatchObject({ pivot: { mentioned_message_id: null } });
  });

  it('refused changes write no line', async () => {
    const g = await createConversation(suite.client, alice, 'group', {
      name: 'Locked',
      member_ids: [bob.id, carol.id],
    });
    const before = await lines(alice, g.id);
    // Bob is a plain member: no renaming, no removing.
    expect((await post(bob, `/user/conversations/${g.id}/edit`, { name: 'Mine' })).status).toBe(
      403,
    );
    expect((await memberAction(suite.client, bob, g.id, carol, 'remove')).status).toBe(403);
    // Nobody removes themselves, and nobody leaves for someone else.
    expect((await memberAction(suite.client, alice, g.id, alice, 'remove')).status).toBe(422);
    expect(
      (await post(bob, '/user/groups/leave', { conversation_id: g.id, user_id: carol.id })).status,
    ).toBe(403);
    expect(await lines(alice, g.id)).toEqual(before);
  });

  it('channels record creation and renaming, not subscribers joining', async () => {
    const c = await createConversation(suite.client, alice, 'channel', {
      name: 'News',
      type: 'public',
      username: `news${Date.now()}`,
    });
    const joined = await post(carol, '/user/groups/join', { username: c.username });
    expect(joined.status).toBe(200);
    await post(alice, `/user/conversations/${c.id}/edit`, { name: 'Daily news' });
    const seen = await lines(carol, c.id);
    expect(seen.map((l) => l[0])).toEqual(['created', 'title']);
    const line = await lastLine(carol, c.id);
    expect(parseGroupNotice(line.message)?.channel).toBe(true);
  });

  it('a new picture writes a line; a refused one (not an image, not allowed) none', async () => {
    const g = await createConversation(suite.client, alice, 'group', { member_ids: [bob.id] });
    const upload = async (who: Person, data: Uint8Array, name: string) => {
      const form = new FormData();
      form.append('avatar', new Blob([data], { type: 'image/png' }), name);
      const res = await fetch(`${suite.server.url}/api/v1/user/conversations/${g.id}/avatar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.token}` },
        body: form,
      });
      return res.status;
    };
    const png = new Uint8Array(await solid('png'));
    expect(await upload(bob, png, 'a.png')).toBe(403);
    expect(await upload(alice, new TextEncoder().encode('not a picture'), 'b.png')).toBe(422);
    expect(await upload(alice, png, 'c.png')).toBe(200);
    expect(await lines(bob, g.id)).toEqual([
      ['created', alice.id, null, g.name],
      ['photo', alice.id, null, null],
    ]);
  });

  it('counts a line as unread but keeps an archived chat in the archive', async () => {
    const g = await createConversation(suite.client, alice, 'group', { member_ids: [bob.id] });
    const hide = await post(bob, `/user/conversations/${g.id}/hide`, { value: true });
    expect(hide.status).toBe(200);
    await post(alice, `/user/conversations/${g.id}/edit`, { name: 'Quiet rename' });
    const pivot = async () =>
      (await post(bob, '/user/conversation', { conversation_id: g.id })).body.pivot as {
        hidden: boolean;
        new_messages: number;
      };
    // Two lines (created, renamed), both unread; still archived.
    expect(await pivot()).toMatchObject({ hidden: true, new_messages: 2 });
    // A message does bring it back (rules/archive.ts).
    await sent(suite.client, alice, g.id, 'news');
    expect(await pivot()).toMatchObject({ hidden: false, new_messages: 3 });
  });

  it('refuses to edit, delete, reply to, forward, pin or react to a line (422)', async () => {
    const g = await createConversation(suite.client, alice, 'group', { member_ids: [bob.id] });
    const line = await lastLine(alice, g.id);
    const other = await createConversation(suite.client, alice, 'group', { member_ids: [] });
    const call = (method: string, path: string, body?: Record<string, unknown>) =>
      suite.client.call(method, `/api/v1${path}`, body, { token: alice.token });
    const replies = [
      await call('PATCH', `/user/messages/${line.id}`, { message: 'changed' }),
      await call('DELETE', `/user/messages/${line.id}?for=everyone`),
      await call('DELETE', `/user/messages/${line.id}?for=me`),
      await call('POST', '/user/messages', {
        conversation_id: g.id,
        uuid: crypto.randomUUID(),
        message: 'a reply',
        parent_id: line.id,
      }),
      await call('POST', '/user/messages/forward', {
        ids: [line.id],
        from_conversation_id: g.id,
        to_conversation_id: other.id,
      }),
      await call('POST', `/user/conversations/${g.id}/pinned-message`, { message_id: line.id }),
      await call('POST', `/user/messages/${line.id}/reactions`, { emoji: '👍' }),
    ];
    expect(replies.map((r) => r.status)).toEqual([422, 422, 422, 422, 422, 422, 422]);
    // Still there, unchanged.
    const again = await lastLine(alice, g.id);
    expect(again).toMatchObject({ id: line.id, message: line.message, edited: false });
    expect(again.reactions ?? []).toEqual([]);
  });
});
