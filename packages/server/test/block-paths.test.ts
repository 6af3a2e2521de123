import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { GroupInvitationList } from '@parley/protocol/group-invitation';
import type { ServerFrame } from '@parley/protocol/realtime';
import type { Client } from './harness';
import { befriend, createConversation, memberAction, memberViews } from './groups';
import { direct, person, send, sent } from './messaging';
import type { Person } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// A block holds on every path that adds a member or delivers a message
// (issue 18: the legacy POST /user/conversations/group let B, blocked by A,
// pull A into a new group and write to A there). Two blocks:
// - in a direct chat (A blocks B): neither can add the other anywhere —
//   create, add, unblock with add, an invitation made before the block — nor
//   send, socket-send or forward to the other;
// - in a group (an admin blocks B there): B cannot come back by invite link,
//   username, add, or an old invitation, nor post or forward into it.

const invitationsOf = async (client: Client, who: Person) =>
  (await client.get<GroupInvitationList>('/user/group-invitations', { token: who.token })).body
    .invitations;

describe.each(stores())('blocks hold on every path ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  const views = memberViews(() => suite.client);
  const sockets: TestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.ws.terminate();
  });
  const isMember = async (who: Person, id: number) =>
    (await views.conversation(who, id)).status === 200;

  describe('a direct-chat block', () => {
    it('the legacy group route is gone', async () => {
      const { client } = suite;
      const [a, b] = [await person(client), await person(client)];
      const chat = await direct(client, a, b);
      await client.post(`/user/conversations/${chat.id}/block`, {}, { token: a.token });
      const legacy = await client.post(
        '/user/conversations/group',
        { name: 'Pull', member_ids: [a.id] },
        { token: b.token },
      );
      expect(legacy.status).toBe(404);
    });

    it('stops every add, either way, and every invitation', async () => {
      const { client } = suite;
      const [a, b] = [await person(client), await person(client)];
      // Each has written to the other: without the block, each could add the other at once.
      await befriend(client, a, b);
      await befriend(client, b, a);
      const chat = await direct(client, a, b);
      const bGroup = await createConversation(client, b, 'group', { name: 'B' });
      const aGroup = await createConversation(client, a, 'group', { name: 'A' });
      // An invitation B made before the block (A allows nobody, so it is one).
      await client.post(
        '/user/settings/who-can-add',
        { who_can_add: 'nobody' },
        { token: a.token },
      );
      const early = await createConversation(client, b, 'group', { member_ids: [a.id] });
      expect(early.invited.map((p) => p.id)).toEqual([a.id]);
      expect(
        (await client.post(`/user/conversations/${chat.id}/block`, {}, { token: a.token })).status,
      ).toBe(200);
      await client.post(
        '/user/settings/who-can-add',
        { who_can_add: 'everybody' },
        { token: a.token },
      );

      // B cannot create with A, nor add A (even though A now allows everybody).
      const create = await client.post(
        '/user/groups/create',
        { group_name: 'Pull', member_ids: [a.id] },
        { token: b.token },
      );
      expect(create.status).toBe(422);
      const add = await client.post(
        `/user/conversations/${bGroup.id}/members`,
        { user_ids: [a.id] },
        { token: b.token },
      );
      expect(add.status).toBe(422);
      // Nor the blocker the blocked.
      const reverse = await client.post(
        `/user/conversations/${aGroup.id}/members`,
        { user_ids: [b.id] },
        { token: a.token },
      );
      expect(reverse.status).toBe(422);
      // Only the early invitation exists, and it no longer holds.
      const [invitation, ...none] = await invitationsOf(client, a);
      expect(none).toEqual([]);
      expect(invitation?.conversation.id).toBe(early.id);
      const accept = await client.post(
        `/user/group-invitations/${invitation?.id}/accept`,
        {},
        {
          token: a.token,
        },
      );
      expect(accept.status).toBe(404);
      expect(await isMember(a, early.id)).toBe(false);
      expect(await isMember(b, aGroup.id)).toBe(false);
    });

    it('stops unblock-with-add in a group both were in', async () => {
      const { client } = suite;
      const [a, b] = [await person(client), await person(client)];
      await befriend(client, b, a);
      const group = await createConversation(client, b, 'group', { member_ids: [a.id] });
      expect((await memberAction(client, b, group.id, a, 'remove')).status).toBe(200);
      const chat = await direct(client, a, b);
      await client.post(`/user/conversations/${chat.id}/block`, {}, { token: a.token });
      const back = await memberAction(client, b, group.id, a, 'unblock', { add: true });
      expect(back.status).toBe(422);
      expect(await isMember(a, group.id)).toBe(false);
    });

    it('stops sends, socket sends and forwards into the chat, both ways', async () => {
      const { client } = suite;
      const [a, b] = [await person(client), await person(client)];
      const chat = await direct(client, a, b);
      const saved = await direct(client, b, b);
      const original = await sent(client, b, saved.id, 'forward me');
      await client.post(`/user/conversations/${chat.id}/block`, {}, { token: a.token });

      for (const who of [a, b]) {
        expect((await send(client, who, chat.id, 'hello')).status).toBe(403);
      }
      const forward = await client.post(
        '/user/messages/forward',
        { ids: [original.id], from_conversation_id: saved.id, to_conversation_id: chat.id },
        { token: b.token },
      );
      expect(forward.status).toBe(403);
      const socket = await TestSocket.open(suite.server.url);
      sockets.push(socket);
      await socket.ready(b.token);
      const ref = randomUUID();
      socket.send({
        op: 'send',
        ref,
        body: { conversation_id: chat.id, uuid: randomUUID(), message: 'sneak' },
      });
      const reply = await socket.next(
        (f: ServerFrame) => (f.op === 'sent' || f.op === 'send_failed') && f.ref === ref,
      );
      expect(reply).toMatchObject({ op: 'send_failed', status: 403 });
      const history = await client.get<{ messages: unknown[] }>(
        `/user/conversations/${chat.id}/messages`,
        { token: a.token },
      );
      expect(history.body.messages).toEqual([]);
    });
  });

  describe('a block inside a group', () => {
    it('keeps the blocked member out by link, username, add, invitation, post and forward', async () => {
      const { client } = suite;
      const [owner, b] = [await person(client), await person(client)];
      await befriend(client, owner, b);
      const group = await createConversation(client, owner, 'group', {
        type: 'public',
        username: `blk${Date.now()}`,
        member_ids: [b.id],
      });
      const link = await client.post<{ invitation_token: string }>(
        `/user/conversations/${group.id}/invitation`,
        {},
        { token: owner.token },
      );
      // A message of B's own to forward.
      const saved = await direct(client, b, b);
      const original = await sent(client, b, saved.id, 'forward me');
      expect((await memberAction(client, owner, group.id, b, 'block')).status).toBe(200);

      const byLink = await client.post(
        `/conversations/join/${link.body.invitation_token}`,
        {},
        {
          token: b.token,
        },
      );
      expect(byLink.status).toBe(403);
      const byName = await client.post(
        '/user/groups/join',
        { username: group.username },
        { token: b.token },
      );
      expect(byName.status).toBe(403);
      const added = await client.post(
        `/user/conversations/${group.id}/members`,
        { user_ids: [b.id] },
        { token: owner.token },
      );
      expect(added.status).toBe(422);
      expect(await invitationsOf(client, b)).toEqual([]);
      expect((await send(client, b, group.id, 'still here?')).status).toBe(404);
      const forward = await client.post(
        '/user/messages/forward',
        { ids: [original.id], from_conversation_id: saved.id, to_conversation_id: group.id },
        { token: b.token },
      );
      expect(forward.status).toBe(404);
      expect(await isMember(b, group.id)).toBe(false);
    });
  });
});
