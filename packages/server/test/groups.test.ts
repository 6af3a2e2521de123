import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import type { Conversation } from '@parley/protocol/conversation';
import { GROUP_MSG } from '@parley/protocol/group';
import { MSG } from '@parley/protocol/messages';
import {
  createConversation,
  createMultipart,
  memberAction,
  memberViews,
  setRole,
  threeFriends,
} from './groups';
import { history, person, send, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Groups and channels over HTTP on every store backend: the create form and
// its messages, channel posting and view counts, and the admin calls'
// refusals. Joining and leaving are in groups-joining.test.ts, the direct
// chats' blocking and notifications in direct-chats.test.ts.

describe.each(stores())('groups and channels ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let alice: Person;
  let bob: Person;
  let carol: Person;

  beforeAll(async () => {
    [alice, bob, carol] = await threeFriends(suite.client);
  });

  const { conversation, membersOf } = memberViews(() => suite.client);

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

      // Posts only: the "channel created" service line (group-notice.ts) is left out.
      const views = async () =>
        (await history(suite.client, alice, c.id)).messages
          .filter((m) => m.type !== GROUP_NOTICE_TYPE)
          .map((m) => [m.id, m.views]);
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
