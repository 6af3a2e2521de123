import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MSG } from '@parley/protocol/group';
import type { MembersReply } from '@parley/protocol/group';
import { GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import type { ServerFrame } from '@parley/protocol/realtime';
import { befriend, createConversation, memberAction } from './groups';
import { person, sent } from './messaging';
import type { Person } from './messaging';
import { isMessageNew, sleep, TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Membership seen from the sockets, and the group inactivity job: a removed
// or blocked member's socket stops receiving the conversation at once (and
// gets it again when added back); members inactive longer than the group's
// max_time_inactive are removed by the job, run with an injected clock.

const DAY = 24 * 60 * 60 * 1000;

describe.each(stores())('group membership ($name)', (backend) => {
  /** The job's clock: real time for the HTTP calls, moved ahead for a round. */
  let offset = 0;
  const suite = useSuiteServer(backend, { now: () => new Date(Date.now() + offset) });
  const sockets: TestSocket[] = [];
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
  afterAll(() => {
    for (const s of sockets) s.ws.terminate();
  });

  const socketOf = async (who: Person) => {
    const socket = await TestSocket.open(suite.server.url);
    sockets.push(socket);
    await socket.ready(who.token);
    return socket;
  };
  const conversationFrames = (socket: TestSocket, id: number, from: number) =>
    socket.frames
      .slice(from)
      .filter(
        (f: ServerFrame) =>
          f.op === 'event' && f.scope === 'conversation' && f.conversation_id === id,
      );

  it.each(['remove', 'block'] as const)(
    'after %s, the member gets no further events, until added back',
    async (action) => {
      const c = await createConversation(suite.client, alice, 'group', {
        member_ids: [bob.id, carol.id],
      });
      const [bobSocket, carolSocket] = [await socketOf(bob), await socketOf(carol)];
      await sent(suite.client, alice, c.id, 'before');
      await bobSocket.next(isMessageNew(c.id));

      expect((await memberAction(suite.client, alice, c.id, bob, action)).status).toBe(200);
      const gone = await bobSocket.next(
        (f) => f.op === 'event' && f.scope === 'user' && f.type === 'conversation.deleted',
      );
      expect(gone).toMatchObject({
        payload: {
          conversation_id: c.id,
          member_status: action === 'remove' ? 'removed' : 'blocked',
        },
      });
      const mark = bobSocket.frames.length;
      await sent(suite.client, alice, c.id, 'after');
      await carolSocket.next(isMessageNew(c.id));
      await sleep(150);
      expect(conversationFrames(bobSocket, c.id, mark)).toEqual([]);
      // Typing from a socket that no longer follows the group is refused.
      bobSocket.send({ op: 'typing', conversation_id: c.id, state: 'start' });
      await bobSocket.next((f) => f.op === 'error');

      const back = await memberAction(suite.client, alice, c.id, bob, 'unblock', { add: true });
      expect(back.body).toMatchObject({
        member: { id: bob.id, pivot: { member_status: 'member' } },
      });
      await bobSocket.next(
        (f) => f.op === 'event' && f.scope === 'user' && f.type === 'conversation.joined',
      );
      await sent(suite.client, alice, c.id, 'welcome back');
      // The "Alice added Bob" service line (group-notice.ts) comes first, then the message.
      const again = await bobSocket.next(
        (f) => isMessageNew(c.id)(f) && f.payload.message.type !== GROUP_NOTICE_TYPE,
      );
      expect(again).toMatchObject({ payload: { message: { message: 'welcome back' } } });
      const line = bobSocket.frames.find(
        (f) => isMessageNew(c.id)(f) && f.payload.message.type === GROUP_NOTICE_TYPE,
      );
      expect(line).toMatchObject({ payload: { message: { user_id: alice.id } } });
    },
  );

  it.each(['remove', 'block'] as const)(
    'after %s, adding them again is refused (422) until they are unblocked',
    async (action) => {
      const c = await createConversation(suite.client, alice, 'group', { member_ids: [bob.id] });
      expect((await memberAction(suite.client, alice, c.id, bob, action)).status).toBe(200);
      const list = await suite.client.get<MembersReply>(`/user/conversations/${c.id}/members`, {
        token: alice.token,
      });
      // The list the web's "Add members" leaves out (groups/AddMembers.tsx).
      expect(list.body.blocked_users.map((u) => u.id)).toEqual([bob.id]);
      const again = await suite.client.post(
        `/user/conversations/${c.id}/members`,
        { user_ids: [bob.id] },
        { token: alice.token },
      );
      expect(again.status).toBe(422);
      expect(again.body).toMatchObject({ errors: { user_ids: [GROUP_MSG.blockedHere] } });
      expect((await memberAction(suite.client, alice, c.id, bob, 'unblock')).status).toBe(200);
      const added = await suite.client.post(
        `/user/conversations/${c.id}/members`,
        { user_ids: [bob.id] },
        { token: alice.token },
      );
      expect(added.status).toBe(200);
    },
  );

  it('a channel subscriber may not show typing', async () => {
    const c = await createConversation(suite.client, alice, 'channel', { member_ids: [carol.id] });
    const socket = await socketOf(carol);
    socket.send({ op: 'typing', conversation_id: c.id, state: 'start' });
    expect(await socket.next((f) => f.op === 'error')).toEqual({
      op: 'error',
      message: 'You cannot post here.',
    });
  });

  it('the inactivity job removes members inactive longer than max_time_inactive', async () => {
    const [dave, erin] = [await person(suite.client), await person(suite.client)];
    await befriend(suite.client, alice, dave, erin);
    const c = await createConversation(suite.client, alice, 'group', {
      member_ids: [bob.id, carol.id, dave.id, erin.id],
    });
    const edit = await suite.client.post(
      `/user/conversations/${c.id}/edit`,
      { max_time_inactive: 10 },
      { token: alice.token },
    );
    expect(edit.body).toMatchObject({ max_time_inactive: 10 });
    const first = await sent(suite.client, alice, c.id, 'hello all');
    await suite.client.post(
      `/user/messages/read/${c.id}`,
      { message_id: first.id },
      {
        token: bob.token,
      },
    );
    const late = await sent(suite.client, dave, c.id, 'still here');
    await suite.client.post(`/user/messages/read/${c.id}`, {}, { token: erin.token });
    // Dave's message is from 5 days later; the round runs 12 days after now.
    const later = new Date(Date.now() + 5 * DAY).toISOString();
    await suite.ts.store.db
      .updateTable('messages')
      .set({ created_at: later })
      .where('id', '=', late.id)
      .execute();
    const bobSocket = await socketOf(bob);

    offset = 9 * DAY;
    expect(await suite.server.app.groupInactivityRound()).toEqual([]);
    offset = 12 * DAY;
    const removed = await suite.server.app.groupInactivityRound();
    offset = 0;
    // Bob read only before the newest message, Carol never did anything; Dave
    // posted within the limit, Erin has read everything, Alice owns the group.
    expect(removed).toEqual(
      [bob.id, carol.id].map((user_id) => ({ conversation_id: c.id, user_id })),
    );
    await bobSocket.next(
      (f) => f.op === 'event' && f.scope === 'user' && f.type === 'conversation.deleted',
    );
    const members = await suite.client.get<MembersReply>(`/user/conversations/${c.id}/members`, {
      token: alice.token,
    });
    expect(members.body.members.map((m) => m.id).sort((a, b) => a - b)).toEqual(
      [alice.id, dave.id, erin.id].sort((a, b) => a - b),
    );
    // Housekeeping, not a ban: nobody lands in blocked_users.
    expect(members.body.blocked_users).toEqual([]);
  });
});
