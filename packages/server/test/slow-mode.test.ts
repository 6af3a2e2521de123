import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { GROUP_MSG } from '@parley/protocol/group';
import type { Client } from './harness';
import { addMembers, createConversation, setRole, threeFriends } from './groups';
import { send } from './messaging';
import type { Person } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Issue 18: group slow mode, a moderator setting. Members wait the interval
// between two messages (429 with the seconds left); moderators and the owner
// do not. The change is a typed event, conversation.slow_mode.

describe.each(stores())('slow mode ($name)', (backend) => {
  let client: Client;
  let base: string;
  const suite = useSuiteServer(backend);
  beforeAll(() => {
    ({ client } = suite);
    base = suite.server.url;
  });

  const setSlowMode = (who: Person, id: number, seconds: unknown) =>
    client.post<Conversation>(
      `/user/conversations/${id}/slow-mode`,
      { slow_mode_seconds: seconds },
      { token: who.token },
    );

  async function cast() {
    const [owner, mod, member] = await threeFriends(client);
    const group = await createConversation(client, owner, 'group');
    await addMembers(client, owner, group.id, mod, member);
    await setRole(client, owner, group.id, mod, 'moderator');
    return { owner, mod, member, group };
  }

  it('is set by moderators, told to members as an event, and refused to others', async () => {
    const { owner, mod, member, group } = await cast();
    expect(group.slow_mode_seconds).toBeNull();
    const socket = await TestSocket.open(base);
    await socket.ready(member.token, { conversations: { [group.id]: 0 } });

    const set = await setSlowMode(mod, group.id, 30);
    expect(set.status).toBe(200);
    expect(set.body.slow_mode_seconds).toBe(30);
    const frame = await socket.next((f) => f.op === 'event' && f.type === 'conversation.slow_mode');
    expect(frame).toMatchObject({ payload: { slow_mode_seconds: 30 } });
    const seen = await client.post<Conversation>(
      '/user/conversation',
      { conversation_id: group.id },
      { token: member.token },
    );
    expect(seen.body.slow_mode_seconds).toBe(30);
    socket.close();

    expect((await setSlowMode(member, group.id, 10)).status).toBe(403);
    expect((await setSlowMode(owner, group.id, 7)).status).toBe(422);
    expect((await setSlowMode(owner, group.id, null)).body.slow_mode_seconds).toBeNull();
    // Only groups.
    const channel = await createConversation(client, owner, 'channel');
    const onChannel = await setSlowMode(owner, channel.id, 10);
    expect(onChannel.status).toBe(422);
    expect(onChannel.body).toMatchObject({
      errors: { slow_mode_seconds: [GROUP_MSG.slowModeGroupsOnly] },
    });
    // A stranger: 404, as for any call about a conversation they are not in.
    const [stranger] = await threeFriends(client);
    expect((await setSlowMode(stranger, group.id, 10)).status).toBe(404);
  });

  it('makes members wait (429 with the seconds left), not moderators or the owner', async () => {
    const { owner, mod, member, group } = await cast();
    await setSlowMode(owner, group.id, 60);
    expect((await send(client, member, group.id, 'first')).status).toBe(200);
    const early = await send(client, member, group.id, 'too soon');
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ message: GROUP_MSG.slowModeWait });
    const left = (early.body as unknown as { retry_after: number }).retry_after;
    expect(left).toBeGreaterThan(55);
    expect(left).toBeLessThanOrEqual(60);
    expect(Number(early.headers.get('retry-after'))).toBe(left);
    for (const exempt of [owner, mod, owner, mod]) {
      expect((await send(client, exempt, group.id, 'admins do not wait')).status).toBe(200);
    }
    // A retry of the send that went through gets its message, not a 429.
    const uuid = randomUUID();
    const other = await cast();
    await setSlowMode(other.owner, other.group.id, 60);
    const body = { conversation_id: other.group.id, uuid, message: 'once' };
    const firstTry = await client.post('/user/messages', body, { token: other.member.token });
    const retry = await client.post('/user/messages', body, { token: other.member.token });
    expect(firstTry.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(firstTry.body.id);
    // Turning it off lets the member send at once.
    await setSlowMode(owner, group.id, null);
    expect((await send(client, member, group.id, 'free again')).status).toBe(200);
  });

  it('lets one of two racing sends through', async () => {
    const { owner, member, group } = await cast();
    await setSlowMode(owner, group.id, 60);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(client, member, group.id, `race ${i}`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
  });

  it('counts socket sends too', async () => {
    const { owner, member, group } = await cast();
    await setSlowMode(owner, group.id, 10);
    const socket = await TestSocket.open(base);
    await socket.ready(member.token);
    for (const ref of ['a', 'b']) {
      socket.send({
        op: 'send',
        ref,
        body: { conversation_id: group.id, uuid: randomUUID(), message: ref },
      });
    }
    expect(await socket.next((f) => f.op === 'sent' || f.op === 'send_failed')).toMatchObject({
      op: 'sent',
    });
    expect(await socket.next((f) => f.op === 'sent' || f.op === 'send_failed')).toMatchObject({
      op: 'send_failed',
      status: 429,
      error: { message: GROUP_MSG.slowModeWait, retry_after: expect.any(Number) },
    });
    socket.close();
  });
});
