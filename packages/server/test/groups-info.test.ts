import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { GROUP_MSG } from '@parley/protocol/group';
import { MSG } from '@parley/protocol/messages';
import { createConversation, setRole, threeFriends } from './groups';
import { solid } from './images';
import { conversationEvents, person } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Editing a group's or channel's info from its panel, on every store
// backend: name, description, the public/private switch with its username
// (spec 5's messages), and the avatar upload, which takes the create form's
// checks. Every change is one `conversation.info` event carrying what changed.

describe.each(stores())('group and channel info ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let alice: Person;
  let bob: Person;
  let carol: Person;

  beforeAll(async () => {
    [alice, bob, carol] = await threeFriends(suite.client);
  });

  const edit = (who: Person, id: number, body: Record<string, unknown>) =>
    suite.client.post<Conversation>(`/user/conversations/${id}/edit`, body, { token: who.token });

  const upload = async (
    who: Person,
    id: number,
    file: { name: string; data: Uint8Array; type?: string } | null,
  ) => {
    const form = new FormData();
    if (file) {
      const blob = new Blob([file.data], { type: file.type ?? 'application/octet-stream' });
      form.append('avatar', blob, file.name);
    } else {
      form.append('note', 'no file');
    }
    const response = await fetch(`${suite.server.url}/api/v1/user/conversations/${id}/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const lastInfoEvent = async (id: number) => {
    const rows = await conversationEvents(suite.ts.store, id);
    const info = rows.filter((r) => r.type === 'conversation.info').at(-1);
    return info ? (JSON.parse(String(info.payload)) as Record<string, unknown>) : null;
  };

  it('edits name and description, and tells every member what changed', async () => {
    const c = await createConversation(suite.client, alice, 'group', {
      name: 'Hikers',
      member_ids: [bob.id],
    });
    const res = await edit(alice, c.id, { name: '  Hill walkers ', description: 'Sundays' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Hill walkers', description: 'Sundays' });
    expect(await lastInfoEvent(c.id)).toEqual({ name: 'Hill walkers', description: 'Sundays' });
    const seen = await suite.client.post<Conversation>(
      '/user/conversation',
      { conversation_id: c.id },
      { token: bob.token },
    );
    expect(seen.body).toMatchObject({ name: 'Hill walkers', description: 'Sundays' });
    // Spec 3: the string 'null' counts as empty.
    expect((await edit(alice, c.id, { description: 'null' })).body.description).toBeNull();
  });

  it("answers spec 5's messages: empty name, public without a username, a taken username", async () => {
    const c = await createConversation(suite.client, alice, 'channel', { name: 'News' });
    expect(await edit(alice, c.id, { name: '   ' })).toMatchObject({
      status: 422,
      body: { errors: { name: [GROUP_MSG.nameCantBeEmpty] } },
    });
    expect(await edit(alice, c.id, { type: 'public', username: '' })).toMatchObject({
      status: 422,
      body: { errors: { username: [GROUP_MSG.publicChannelNeedsUsername] } },
    });
    expect(await edit(alice, c.id, { type: 'public', username: bob.username })).toMatchObject({
      status: 422,
      body: { errors: { username: [MSG.usernameTaken] } },
    });
    const username = `news${Date.now().toString(36)}`;
    const made = await edit(alice, c.id, { type: 'public', username: `@${username}` });
    expect(made.body).toMatchObject({ username });
    expect(await lastInfoEvent(c.id)).toEqual({ username });
    const found = await suite.client.get(`/to/${username}`);
    expect(found.body).toMatchObject({ kind: 'conversation', conversation: { id: c.id } });
    // Back to private: the username is dropped and can no longer be found.
    expect((await edit(alice, c.id, { type: 'private' })).body.username).toBeNull();
    expect((await suite.client.get(`/to/${username}`)).status).toBe(404);
  });

  it('uploads and replaces the avatar with the create form checks', async () => {
    const c = await createConversation(suite.client, alice, 'channel', {
      member_ids: [bob.id],
    });
    expect(c.avatar).toBeNull();
    const png = new Uint8Array(await solid('png'));
    const first = await upload(alice, c.id, { name: 'Logo.PNG', data: png, type: 'image/png' });
    expect(first.status).toBe(200);
    const url = String(first.body.avatar);
    expect(url).toMatch(/^\/api\/v1\/avatars\/[0-9a-f]{32}\.jpg$/);
    expect((await fetch(`${suite.server.url}${url}`)).headers.get('content-type')).toBe(
      'image/jpeg',
    );
    expect(await lastInfoEvent(c.id)).toEqual({ avatar: url });

    const jpeg = new Uint8Array(await solid('jpeg'));
    const second = await upload(alice, c.id, { name: 'logo.jpeg', data: jpeg });
    expect(second.status).toBe(200);
    expect(second.body.avatar).not.toBe(url);

    expect(await upload(alice, c.id, { name: 'logo.gif', data: png })).toMatchObject({
      status: 422,
      body: { errors: { avatar: [GROUP_MSG.avatarExtension] } },
    });
    const svg = new Uint8Array(Buffer.from('<svg/>'));
    expect(await upload(alice, c.id, { name: 'logo.png', data: svg })).toMatchObject({
      status: 422,
      body: { errors: { avatar: [MSG.avatarNotImage] } },
    });
    expect(await upload(alice, c.id, null)).toMatchObject({
      status: 422,
      body: { errors: { avatar: [MSG.avatarRequired] } },
    });
  });

  it('lets owner and moderators edit; refuses members (403) and strangers (404)', async () => {
    const c = await createConversation(suite.client, alice, 'group', {
      member_ids: [bob.id, carol.id],
    });
    await setRole(suite.client, alice, c.id, bob, 'moderator');
    expect((await edit(bob, c.id, { name: 'By the moderator' })).status).toBe(200);
    const png = new Uint8Array(await solid('png'));
    expect((await upload(bob, c.id, { name: 'a.png', data: png })).status).toBe(200);
    expect((await edit(carol, c.id, { name: 'Mine now' })).status).toBe(403);
    expect((await upload(carol, c.id, { name: 'a.png', data: png })).status).toBe(403);
    const stranger = await person(suite.client);
    expect((await edit(stranger, c.id, { name: 'x' })).status).toBe(404);
    expect((await upload(stranger, c.id, { name: 'a.png', data: png })).status).toBe(404);
    // A direct chat has no info to edit.
    const chat = await suite.client.post<Conversation>(
      '/user/conversations/direct',
      { user_id: bob.id },
      { token: alice.token },
    );
    expect((await upload(alice, chat.body.id, { name: 'a.png', data: png })).status).toBe(404);
    // JSON is not an upload.
    const json = await suite.client.post(
      `/user/conversations/${c.id}/avatar`,
      {},
      {
        token: alice.token,
      },
    );
    expect(json.status).toBe(422);
  });
});
