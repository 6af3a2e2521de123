import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { GROUP_MSG } from '@parley/protocol/group';
import {
  addMembers,
  befriend,
  createConversation,
  memberAction,
  memberViews,
  setRole,
  threeFriends,
} from './groups';
import { person, pivotOf } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Getting into and out of groups and channels, on every store backend:
// public lookup and joining by username, invite links (preview, join,
// revoke, blocked users), and leaving with ownership handed on.

describe.each(stores())('joining and leaving groups ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let alice: Person;
  let bob: Person;
  let carol: Person;

  beforeAll(async () => {
    [alice, bob, carol] = await threeFriends(suite.client);
  });

  const { conversation, membersOf } = memberViews(() => suite.client);

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
});
