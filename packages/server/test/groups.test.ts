import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { GROUP_MSG } from '@parley/protocol/group';
import type { MembersReply } from '@parley/protocol/group';
import { MSG } from '@parley/protocol/messages';
import {
  addMembers,
  befriend,
  createConversation,
  createMultipart,
  memberAction,
  setRole,
} from './groups';
import { direct, history, person, pivotOf, send, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Groups and channels over HTTP on every store backend: the create form and
// its messages, invite links, joining public ones by username, leaving with
// ownership handed on, channel posting and view counts, blocking the friend
// of a direct chat, per-conversation notifications.

describe.each(stores())('groups and channels ($name)', (backend) => {
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

  const conversation = async (who: Person, id: number) =>
    suite.client.post<Conversation>(
      '/user/conversation',
      { conversation_id: id },
      {
        token: who.token,
      },
    );
  const membersOf = async (who: Person, id: number) =>
    (
      await suite.client.get<MembersReply>(`/user/conversations/${id}/members`, {
        token: who.token,
      })
    ).body;

  describe('the create form', () => {
    it('answers every field with the spec texts at once', async () => {
      const res = await createMultipart(
        suite.server.url,
        alice,
        'channel',
        { channel_name: '  ', type: 'public', username: '' },
        { name: 'face.gif', data: new Uint8Array([1, 2, 3]) },
      );
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        channel_name: ["Name can't be empty"],
        username: ['Public channel has to have username'],
        avatar: ['Avatar has to have jpg/jpeg/png extension'],
      });
      const group = await suite.client.post(
        '/user/groups/create',
        { group_name: '', type: 'public' },
        { token: alice.token },
      );
      expect(group.body).toMatchObject({
        errors: {
          group_name: ["Name can't be empty"],
          username: ['Public group has to have username'],
        },
      });
    });

    it('takes a multipart form with an avatar, has_tasks, the string null and friends', async () => {
      const png = await sharp({
        create: { width: 40, height: 30, channels: 3, background: '#36c' },
      })
        .png()
        .toBuffer();
      const res = await createMultipart(
        suite.server.url,
        alice,
        'group',
        {
          group_name: 'Book club',
          description: 'null',
          member_ids: JSON.stringify([bob.id, carol.id]),
          has_tasks: '1',
        },
        { name: 'Cover.PNG', data: new Uint8Array(png), type: 'image/png' },
      );
      expect(res.status).toBe(200);
      const c = res.body as unknown as Conversation;
      expect(c).toMatchObject({
        type: 'group',
        name: 'Book club',
        description: null,
        has_tasks: true,
        members_count: 3,
        username: null,
        publisher_hash: null,
        pivot: { role: 'owner' },
      });
      expect(c.avatar).toMatch(/^\/api\/v1\/avatars\/[0-9a-f]{32}\.jpg$/);
      const image = await fetch(`${suite.server.url}${c.avatar}`);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect((await conversation(bob, c.id)).body.pivot.role).toBeNull();
    });

    it('refuses a file that is not an image, and people who are not friends', async () => {
      const bad = await createMultipart(
        suite.server.url,
        alice,
        'group',
        { group_name: 'x' },
        { name: 'a.jpg', data: new Uint8Array(Buffer.from('<svg/>')) },
      );
      expect(bad).toMatchObject({
        status: 422,
        body: { errors: { avatar: [MSG.avatarNotImage] } },
      });
      const stranger = await person(suite.client);
      const res = await suite.client.post(
        '/user/groups/create',
        { group_name: 'x', member_ids: `[${stranger.id}]` },
        { token: alice.token },
      );
      expect(res).toMatchObject({
        status: 422,
        body: { errors: { member_ids: [GROUP_MSG.notFriends] } },
      });
    });

    it('gives a channel a publisher_hash, and a public one a unique username', async () => {
      const name = `news${randomUUID().slice(0, 8)}`;
      const c = await createConversation(suite.client, alice, 'channel', {
        type: 'public',
        username: `@${name}`,
      });
      expect(c).toMatchObject({ type: 'channel', is_channel: true, username: name });
      expect(c.publisher_hash).toMatch(/^[0-9a-f]{32}$/);
      const again = await suite.client.post(
        '/user/groups/create',
        { group_name: 'x', type: 'public', username: name.toUpperCase() },
        { token: bob.token },
      );
      expect(again.body).toMatchObject({ errors: { username: [MSG.usernameTaken] } });
      // One namespace with users.
      const asUser = await suite.client.post(
        '/user/groups/create',
        { group_name: 'x', type: 'public', username: bob.username },
        { token: bob.token },
      );
      expect(asUser.body).toMatchObject({ errors: { username: [MSG.usernameTaken] } });
    });
  });

  describe('public lookup and joining', () => {
    it('/to/:username names a user or a public conversation, without a token', async () => {
      const name = `club${randomUUID().slice(0, 8)}`;
      const c = await createConversation(suite.client, alice, 'group', {
        type: 'public',
        username: name,
        description: 'Open to all',
      });
      const found = await suite.client.get(`/to/${name}`);
      expect(found.body).toEqual({
        kind: 'conversation',
        conversation: {
          id: c.id,
          type: 'group',
          name: c.name,
          username: name,
          description: 'Open to all',
          avatar: null,
          members_count: 1,
          is_member: false,
        },
      });
      expect((await suite.client.get(`/to/${bob.username}`)).body).toMatchObject({
        kind: 'user',
        user: { id: bob.id },
      });
      expect((await suite.client.get('/to/nobodyhere1234')).status).toBe(404);
    });

    it('joins a public channel by username; a private one cannot be found', async () => {
      const name = `open${randomUUID().slice(0, 8)}`;
      const c = await createConversation(suite.client, alice, 'channel', {
        type: 'public',
        username: name,
      });
      const stranger = await person(suite.client);
      const joined = await suite.client.post<Conversation>(
        '/user/groups/join',
        { username: name },
        { token: stranger.token },
      );
      expect(joined.body).toMatchObject({ id: c.id, members_count: 2, pivot: { role: null } });
      const priv = await createConversation(suite.client, alice, 'group');
      const res = await suite.client.post(
        '/user/groups/join',
        { username: String(priv.name) },
        { token: stranger.token },
      );
      expect(res.status).toBe(404);
    });
  });

  describe('invite links', () => {
    it('previews without members, joins after confirmation, and can be revoked or turned off', async () => {
      const c = await createConversation(suite.client, alice, 'group', { member_ids: [bob.id] });
      expect(c.invitation_token).toBeNull();
      const made = await suite.client.post<{ invitation_token: string }>(
        `/user/conversations/${c.id}/invitation`,
        {},
        { token: alice.token },
      );
      const token = made.body.invitation_token;
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect((await conversation(alice, c.id)).body.invitation_token).toBe(token);
      // Members without the right do not see the link.
      expect((await conversation(bob, c.id)).body.invitation_token).toBeNull();

      const guest = await person(suite.client);
      const card = await suite.client.get(`/conversations/join/${token}`, { token: guest.token });
      expect(card.body).toEqual({
        id: c.id,
        type: 'group',
        name: c.name,
        username: null,
        description: null,
        avatar: null,
        members_count: 2,
        is_member: false,
      });
      expect(await pivotOf(suite.client, guest, c.id).catch(() => 'not a member')).toBe(
        'not a member',
      );
      const joined = await suite.client.post(
        `/conversations/join/${token}`,
        {},
        {
          token: guest.token,
        },
      );
      expect(joined.status).toBe(200);
      expect((await membersOf(alice, c.id)).members_count).toBe(3);

      const renewed = await suite.client.post<{ invitation_token: string }>(
        `/user/conversations/${c.id}/invitation`,
        {},
        { token: alice.token },
      );
      const late = await person(suite.client);
      expect(
        (await suite.client.get(`/conversations/join/${token}`, { token: late.token })).body,
      ).toEqual({ message: GROUP_MSG.invalidInvite });
      const fresh = renewed.body.invitation_token;
      await suite.client.post(
        `/user/conversations/${c.id}/allow-invitation`,
        { allow_invitation: false },
        { token: alice.token },
      );
      const off = await suite.client.post(
        `/conversations/join/${fresh}`,
        {},
        {
          token: late.token,
        },
      );
      expect(off).toMatchObject({ status: 403, body: { message: GROUP_MSG.invitesOff } });
      await suite.client.delete(`/user/conversations/${c.id}/invitation`, { token: alice.token });
      expect(
        (await suite.client.post(`/conversations/join/${fresh}`, {}, { token: late.token })).status,
      ).toBe(404);
    });

    it('refuses a blocked user by link and by username until unblocked', async () => {
      const name = `pub${randomUUID().slice(0, 8)}`;
      const c = await createConversation(suite.client, alice, 'group', {
        member_ids: [carol.id],
        type: 'public',
        username: name,
      });
      const made = await suite.client.post<{ invitation_token: string }>(
        `/user/conversations/${c.id}/invitation`,
        {},
        { token: alice.token },
      );
      expect((await memberAction(suite.client, alice, c.id, carol, 'block')).status).toBe(200);
      const members = await membersOf(alice, c.id);
      expect(members.members.map((m) => m.id)).toEqual([alice.id]);
      expect(members.blocked_users).toEqual([
        {
          id: carol.id,
          name: carol.name,
          username: carol.username,
          avatar: null,
          is_official: false,
        },
      ]);
      expect((await conversation(carol, c.id)).status).toBe(404);
      const byLink = await suite.client.post(
        `/conversations/join/${made.body.invitation_token}`,
        {},
        {
          token: carol.token,
        },
      );
      expect(byLink).toMatchObject({
        status: 403,
        body: { message: GROUP_MSG.removedFromConversation },
      });
      const byName = await suite.client.post(
        '/user/groups/join',
        { username: name },
        {
          token: carol.token,
        },
      );
      expect(byName.status).toBe(403);

      const lifted = await memberAction(suite.client, alice, c.id, carol, 'unblock');
      expect(lifted.body).toEqual({ status: 'ok', member: null });
      expect((await membersOf(alice, c.id)).blocked_users).toEqual([]);
      const back = await suite.client.post(
        '/user/groups/join',
        { username: name },
        {
          token: carol.token,
        },
      );
      expect(back.status).toBe(200);
    });
  });

  describe('leaving', () => {
    it('hands ownership to the oldest moderator, else the oldest member, then archives', async () => {
      const dave = await person(suite.client);
      await befriend(suite.client, alice, dave);
      const c = await createConversation(suite.client, alice, 'group', {
        member_ids: [bob.id, carol.id],
        type: 'public',
        username: `gone${randomUUID().slice(0, 8)}`,
      });
      await addMembers(suite.client, alice, c.id, dave);
      await setRole(suite.client, alice, c.id, dave, 'moderator');

      const notMine = await suite.client.post(
        '/user/groups/leave',
        { conversation_id: c.id, user_id: bob.id },
        { token: alice.token },
      );
      expect(notMine.status).toBe(403);
      const left = await suite.client.post(
        '/user/groups/leave',
        { conversation_id: c.id, user_id: alice.id },
        { token: alice.token },
      );
      expect(left.body).toEqual({ status: 'ok' });
      expect((await conversation(alice, c.id)).status).toBe(404);
      // The moderator who joined last still outranks the older plain members.
      expect((await pivotOf(suite.client, dave, c.id)).role).toBe('owner');

      await suite.client.post(
        '/user/groups/leave',
        { conversation_id: c.id },
        { token: dave.token },
      );
      expect((await pivotOf(suite.client, bob, c.id)).role).toBe('owner');
      await suite.client.delete(`/user/conversations/${c.id}`, { token: bob.token });
      expect((await pivotOf(suite.client, carol, c.id)).role).toBe('owner');
      await suite.client.post(
        '/user/groups/leave',
        { conversation_id: c.id },
        { token: carol.token },
      );
      // Nobody left: archived, its username free again.
      const row = await suite.ts.store.db
        .selectFrom('conversations')
        .select(['username', 'invitation_token'])
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ username: null, invitation_token: null });
    });
  });

  describe('channels', () => {
    it('lets only the owner and publishers post, and counts views per subscriber', async () => {
      const c = await createConversation(suite.client, alice, 'channel', {
        member_ids: [bob.id, carol.id],
      });
      const refused = await send(suite.client, carol, c.id, 'me too');
      expect(refused).toMatchObject({ status: 403, body: { message: GROUP_MSG.channelPostOnly } });
      await setRole(suite.client, alice, c.id, bob, 'publisher');
      const post = await sent(suite.client, bob, c.id, 'first post');
      const own = await sent(suite.client, alice, c.id, 'second post');
      expect((await conversation(carol, c.id)).body.members_count).toBe(3);

      const views = async () =>
        (await history(suite.client, alice, c.id)).messages.map((m) => [m.id, m.views]);
      expect(await views()).toEqual([
        [post.id, 0],
        [own.id, 0],
      ]);
      await suite.client.post(`/user/messages/read/${c.id}`, {}, { token: carol.token });
      // Reading again changes nothing: each reader counts once.
      await suite.client.post(`/user/messages/read/${c.id}`, {}, { token: carol.token });
      expect(await views()).toEqual([
        [post.id, 1],
        [own.id, 1],
      ]);
      await suite.client.post(`/user/messages/read/${c.id}`, {}, { token: bob.token });
      expect(await views()).toEqual([
        [post.id, 1],
        [own.id, 2],
      ]);
    });
  });

  describe('direct chats', () => {
    it('blocking the friend stops messages both ways and shows on both sides', async () => {
      const erin = await person(suite.client);
      const chat = await direct(suite.client, alice, erin);
      expect(
        (
          await suite.client.post(
            `/user/conversations/${chat.id}/block`,
            {},
            {
              token: alice.token,
            },
          )
        ).status,
      ).toBe(200);
      expect((await conversation(alice, chat.id)).body.pivot.blocked).toBe(true);
      expect((await conversation(erin, chat.id)).body.friend?.pivot.blocked).toBe(true);
      expect(await send(suite.client, erin, chat.id, 'hi?')).toMatchObject({
        status: 403,
        body: { message: GROUP_MSG.friendBlockedYou },
      });
      expect(await send(suite.client, alice, chat.id, 'hi')).toMatchObject({
        status: 403,
        body: { message: GROUP_MSG.youBlockedFriend },
      });
      // Not a friend for groups either, while blocked.
      const group = await suite.client.post(
        '/user/groups/create',
        { group_name: 'x', member_ids: [erin.id] },
        { token: alice.token },
      );
      expect(group.status).toBe(422);

      await suite.client.post(`/user/conversations/${chat.id}/unblock`, {}, { token: alice.token });
      expect((await conversation(alice, chat.id)).body.pivot.blocked).toBe(false);
      expect((await send(suite.client, erin, chat.id, 'hi again')).status).toBe(200);
    });

    it('sets notifications per conversation', async () => {
      const chat = await direct(suite.client, alice, bob);
      const off = await suite.client.post(
        `/user/conversations/${chat.id}/notifications`,
        { status: false },
        { token: alice.token },
      );
      expect(off.body).toEqual({ status: 'ok' });
      expect((await pivotOf(suite.client, alice, chat.id)).notifications).toBe(false);
      expect((await pivotOf(suite.client, bob, chat.id)).notifications).toBe(true);
    });
  });

  describe('admin calls refuse bad input with 4xx', () => {
    it('422 on bad bodies, 404 for strangers', async () => {
      const c = await createConversation(suite.client, alice, 'group', { member_ids: [bob.id] });
      const bad = await suite.client.post(
        '/user/role',
        { conversation_id: c.id, user_id: bob.id, role: 'king' },
        {
          token: alice.token,
        },
      );
      expect(bad.status).toBe(422);
      const self = await memberAction(suite.client, alice, c.id, alice, 'remove');
      expect(self.body).toMatchObject({ errors: { user_id: [GROUP_MSG.notYourself] } });
      const inactivity = await suite.client.post(
        `/user/conversations/${c.id}/edit`,
        { max_time_inactive: 0 },
        { token: alice.token },
      );
      expect(inactivity.body).toMatchObject({
        errors: { max_time_inactive: [GROUP_MSG.inactivityDays] },
      });
      const stranger = await person(suite.client);
      expect((await membersOf(stranger, c.id)) as unknown).toEqual({ message: MSG.notFound });
      const junk = await suite.client.post('/user/groups/create', [1, 2], { token: alice.token });
      expect(junk.status).toBe(422);
    });
  });
});
