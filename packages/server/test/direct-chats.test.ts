import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { GROUP_MSG } from '@parley/protocol/group';
import { direct, person, pivotOf, send } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// A direct chat's own switches, on every store backend: blocking the friend
// (both sides see it, messages stop both ways) and per-conversation
// notifications.

describe.each(stores())('direct chats ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    [alice, bob] = [await person(suite.client), await person(suite.client)];
  });

  const conversation = async (who: Person, id: number) =>
    suite.client.post<Conversation>(
      '/user/conversation',
      { conversation_id: id },
      {
        token: who.token,
      },
    );

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
});
