import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { GroupInvitation, GroupInvitationList } from '@parley/protocol/group-invitation';
import { INVITATION_MSG } from '@parley/protocol/group-invitation';
import { GROUP_MSG } from '@parley/protocol/group';
import type { ServerFrame, UserEventFrame } from '@parley/protocol/realtime';
import { applyInvitationFrame } from '@parley/protocol/sync/invitations';
import type { Client } from './harness';
import { befriend, createConversation, memberAction, memberViews } from './groups';
import { direct, list, person, sent } from './messaging';
import type { Person } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Consent to be added to groups (issue 18, docs/PERMISSIONS.md "Consent"):
// a direct chat opened by one side does not let that side add the other.
// Someone who has not written to the adder, or who allows nobody, gets an
// invitation to accept or decline; "Who can add me to groups" (who_can_add)
// can open it to everybody.

const invitationsOf = async (client: Client, who: Person) =>
  (await client.get<GroupInvitationList>('/user/group-invitations', { token: who.token })).body
    .invitations;

const isInvitationEvent = (f: ServerFrame): f is UserEventFrame =>
  f.op === 'event' && f.scope === 'user' && f.type.startsWith('invitation.');

describe.each(stores())('consent to be added to groups ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  const sockets: TestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.ws.terminate();
  });
  const views = memberViews(() => suite.client);
  const signedIn = async (who: Person) => {
    const socket = await TestSocket.open(suite.server.url);
    sockets.push(socket);
    await socket.ready(who.token);
    return socket;
  };
  const setWho = async (who: Person, value: string) =>
    suite.client.post('/user/settings/who-can-add', { who_can_add: value }, { token: who.token });
  const isMember = async (who: Person, conversationId: number) =>
    (await views.conversation(who, conversationId)).status === 200;

  it('a stranger who opened a chat cannot add: the person is invited, live, and accepts', async () => {
    const { client } = suite;
    const [stranger, dana] = [await person(client), await person(client)];
    await direct(client, stranger, dana); // one side only: Dana never wrote
    const danaSocket = await signedIn(dana);
    const created = await createConversation(client, stranger, 'group', {
      name: 'Pulled in',
      member_ids: [dana.id],
    });
    expect(created.invited.map((p) => p.id)).toEqual([dana.id]);
    expect(created.members_count).toBe(1);
    expect(await isMember(dana, created.id)).toBe(false);
    expect((await list(client, dana)).conversations.map((c) => c.id)).not.toContain(created.id);

    const received = await danaSocket.next(
      (f) => isInvitationEvent(f) && f.type === 'invitation.received',
    );
    const [invitation] = await invitationsOf(client, dana);
    expect(invitation).toMatchObject({
      conversation: { id: created.id, type: 'group', name: 'Pulled in' },
      inviter: { id: stranger.id, username: stranger.username },
    });
    expect(received.op === 'event' && received.payload).toEqual({ invitation });

    const accepted = await client.post<Conversation>(
      `/user/group-invitations/${invitation?.id}/accept`,
      {},
      { token: dana.token },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: created.id, is_group: true });
    expect(await isMember(dana, created.id)).toBe(true);
    expect(await invitationsOf(client, dana)).toEqual([]);
    await danaSocket.next((f) => isInvitationEvent(f) && f.type === 'invitation.closed');
  });

  it('adds at once someone who has written to the adder (a two-way chat)', async () => {
    const { client } = suite;
    const [owner, friend, stranger] = [
      await person(client),
      await person(client),
      await person(client),
    ];
    await befriend(client, owner, friend); // friend wrote to owner
    await direct(client, owner, stranger);
    const group = await createConversation(client, owner, 'group', { name: 'Team' });
    const res = await client.post<{ members: { id: number }[]; invited: { id: number }[] }>(
      `/user/conversations/${group.id}/members`,
      { user_ids: [friend.id, stranger.id] },
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.members.map((m) => m.id)).toEqual([friend.id]);
    expect(res.body.invited.map((p) => p.id)).toEqual([stranger.id]);
    expect(await isMember(friend, group.id)).toBe(true);
    expect(await isMember(stranger, group.id)).toBe(false);
    // Only the adder's own messages do not count: the owner writing more changes nothing.
    const chat = await direct(client, owner, stranger);
    await sent(client, owner, chat.id, 'please join');
    const again = await createConversation(client, owner, 'group', {
      member_ids: [stranger.id],
    });
    expect(again.invited.map((p) => p.id)).toEqual([stranger.id]);
  });

  it('honours "Who can add me to groups": everybody, contacts, nobody', async () => {
    const { client } = suite;
    const [adder, open, closed] = [
      await person(client),
      await person(client),
      await person(client),
    ];
    await direct(client, adder, open);
    await befriend(client, adder, closed); // a contact, yet...
    expect((await setWho(open, 'everybody')).status).toBe(200);
    expect((await setWho(closed, 'nobody')).status).toBe(200);
    const bad = await setWho(open, 'friends');
    expect(bad.status).toBe(422);
    const me = await client.get<{ who_can_add: string }>('/user', { token: closed.token });
    expect(me.body.who_can_add).toBe('nobody');

    const group = await createConversation(client, adder, 'group', {
      member_ids: [open.id, closed.id],
    });
    expect(group.invited.map((p) => p.id)).toEqual([closed.id]);
    expect(await isMember(open, group.id)).toBe(true);
    expect(await isMember(closed, group.id)).toBe(false);
  });

  it('declining ends it; a declined, foreign or stale invitation is a 404', async () => {
    const { client } = suite;
    const [owner, moderator, dana, other] = [
      await person(client),
      await person(client),
      await person(client),
      await person(client),
    ];
    await befriend(client, owner, moderator);
    const group = await createConversation(client, owner, 'group', {
      member_ids: [moderator.id],
    });
    await client.post(
      '/user/role',
      { conversation_id: group.id, user_id: moderator.id, role: 'moderator' },
      { token: owner.token },
    );
    await direct(client, owner, dana);
    await direct(client, moderator, dana);
    const add = (who: Person) =>
      client.post(
        `/user/conversations/${group.id}/members`,
        { user_ids: [dana.id] },
        {
          token: who.token,
        },
      );
    expect((await add(owner)).status).toBe(200);
    const [first] = await invitationsOf(client, dana);
    // Someone else cannot answer Dana's invitation.
    const foreign = await client.post(
      `/user/group-invitations/${first?.id}/accept`,
      {},
      {
        token: other.token,
      },
    );
    expect(foreign.status).toBe(404);
    const declined = await client.post(
      `/user/group-invitations/${first?.id}/decline`,
      {},
      {
        token: dana.token,
      },
    );
    expect(declined.status).toBe(200);
    const late = await client.post(
      `/user/group-invitations/${first?.id}/accept`,
      {},
      {
        token: dana.token,
      },
    );
    expect(late.status).toBe(404);
    expect(late.body).toMatchObject({ message: INVITATION_MSG.notFound });
    expect(await isMember(dana, group.id)).toBe(false);

    // The moderator invites; then loses the right to add: the invitation no longer holds.
    expect((await add(moderator)).status).toBe(200);
    const [second] = await invitationsOf(client, dana);
    expect(second?.inviter.id).toBe(moderator.id);
    await client.post(
      '/user/role',
      { conversation_id: group.id, user_id: moderator.id, role: null },
      { token: owner.token },
    );
    const stale = await client.post(
      `/user/group-invitations/${second?.id}/accept`,
      {},
      {
        token: dana.token,
      },
    );
    expect(stale.status).toBe(404);
    expect(await isMember(dana, group.id)).toBe(false);
    expect(await invitationsOf(client, dana)).toEqual([]);
  });

  it('unblocking with add needs consent like any add', async () => {
    const { client } = suite;
    const [owner, dana] = [await person(client), await person(client)];
    await befriend(client, owner, dana);
    const group = await createConversation(client, owner, 'group', { member_ids: [dana.id] });
    expect((await memberAction(client, owner, group.id, dana, 'block')).status).toBe(200);
    await setWho(dana, 'nobody');
    const back = await memberAction(client, owner, group.id, dana, 'unblock', { add: true });
    expect(back.status).toBe(422);
    expect(back.body).toMatchObject({ errors: { user_id: [GROUP_MSG.needsConsent] } });
    expect(await isMember(dana, group.id)).toBe(false);
  });

  it('the invitations list fetched before, plus the events, is the list fetched after', async () => {
    const { client } = suite;
    const [a, b, dana] = [await person(client), await person(client), await person(client)];
    await direct(client, a, dana);
    await direct(client, b, dana);
    const socket = await signedIn(dana);
    let held: readonly GroupInvitation[] = await invitationsOf(client, dana);
    const start = socket.frames.length;
    const g1 = await createConversation(client, a, 'group', { member_ids: [dana.id] });
    const g2 = await createConversation(client, b, 'channel', { member_ids: [dana.id] });
    const g3 = await createConversation(client, a, 'group', { member_ids: [dana.id] });
    const listed = await invitationsOf(client, dana);
    expect(listed.map((i) => i.conversation.id)).toEqual([g3.id, g2.id, g1.id]);
    const byGroup = (id: number) => listed.find((i) => i.conversation.id === id)?.id;
    await client.post(
      `/user/group-invitations/${byGroup(g1.id)}/accept`,
      {},
      { token: dana.token },
    );
    await client.post(
      `/user/group-invitations/${byGroup(g2.id)}/decline`,
      {},
      { token: dana.token },
    );
    await socket.next(
      (f) =>
        isInvitationEvent(f) &&
        f.type === 'invitation.closed' &&
        f.payload.conversation_id === g2.id,
    );
    for (const frame of socket.frames.slice(start)) {
      if (isInvitationEvent(frame)) held = applyInvitationFrame(held, frame);
    }
    expect(held).toEqual(await invitationsOf(client, dana));
    expect(held.map((i) => i.conversation.id)).toEqual([g3.id]);
  });
});
