import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, MANAGED_KINDS, PERMISSIONS, ROLES } from '@parley/protocol/permissions';
import type { Action, ManagedKind, Role } from '@parley/protocol/permissions';
import type { Reply } from './harness';
import { addMembers, befriend, createConversation, memberAction, setRole } from './groups';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// The permission matrix, cell by cell: every action tried over HTTP by every
// kind of caller, in a group and in a channel, on every store backend. What
// is expected comes from the protocol's PERMISSIONS — the data docs/PERMISSIONS.md
// prints (checked below) and the server enforces. A role without the right
// gets 403; a blocked user and a non-member get 404 for everything.

type Actor = Role | 'blocked' | 'non-member';
const ACTORS: Actor[] = [...ROLES, 'blocked', 'non-member'];

function expected(action: Action, kind: ManagedKind, actor: Actor): number {
  if (actor === 'blocked' || actor === 'non-member') return 404;
  return PERMISSIONS[action][kind].includes(actor) ? 200 : 403;
}

/** The table docs/PERMISSIONS.md must contain, rendered from the data. */
function renderMatrix(): string {
  const head = `| action | ${MANAGED_KINDS.flatMap((k) => ROLES.map((r) => `${k} ${r}`)).join(' | ')} |`;
  const rule = `|---|${MANAGED_KINDS.flatMap(() => ROLES.map(() => '---')).join('|')}|`;
  const rows = ACTIONS.map(
    (a) =>
      `| \`${a}\` | ${MANAGED_KINDS.flatMap((k) =>
        ROLES.map((r) => (PERMISSIONS[a][k].includes(r) ? 'yes' : '—')),
      ).join(' | ')} |`,
  );
  return [head, rule, ...rows].join('\n');
}

it('docs/PERMISSIONS.md shows exactly the matrix the server enforces', () => {
  const doc = readFileSync(new URL('../../../docs/PERMISSIONS.md', import.meta.url), 'utf8');
  expect(doc).toContain(renderMatrix());
});

describe.each(stores())('permission matrix ($name)', (backend) => {
  const suite = useSuiteServer(backend);

  describe.each(MANAGED_KINDS)('in a %s', (kind) => {
    const actors = {} as Record<Actor, Person>;
    let owner: Person;
    let poster: Person;
    let conversationId: number;
    let pinnable: number;

    const fresh = () => person(suite.client);

    /** A new plain member the owner added (a target that only this cell touches). */
    async function freshMember(): Promise<Person> {
      const target = await fresh();
      await befriend(suite.client, owner, target);
      await addMembers(suite.client, owner, conversationId, target);
      return target;
    }

    beforeAll(async () => {
      const { client } = suite;
      for (const actor of ACTORS) actors[actor] = await fresh();
      owner = actors.owner;
      poster = await fresh();
      const invited = [actors.moderator, actors.publisher, actors.member, actors.blocked, poster];
      await befriend(client, owner, ...invited);
      const c = await createConversation(client, owner, kind, {
        member_ids: invited.map((p) => p.id),
      });
      conversationId = c.id;
      await setRole(client, owner, c.id, actors.moderator, 'moderator');
      await setRole(client, owner, c.id, actors.publisher, 'publisher');
      await setRole(client, owner, c.id, poster, 'publisher');
      const blocked = await memberAction(client, owner, c.id, actors.blocked, 'block');
      expect(blocked.status).toBe(200);
      pinnable = (await sent(client, poster, c.id, 'pin me')).id;
    });

    const attempts: Record<Action, (actor: Person) => Promise<Reply>> = {
      post: (actor) =>
        suite.client.post(
          '/user/messages',
          { conversation_id: conversationId, uuid: randomUUID(), message: 'hello' },
          { token: actor.token },
        ),
      edit_info: (actor) =>
        suite.client.post(
          `/user/conversations/${conversationId}/edit`,
          { description: `by ${actor.id}` },
          { token: actor.token },
        ),
      add_members: async (actor) => {
        const friend = await fresh();
        await direct(suite.client, actor, friend);
        return suite.client.post(
          `/user/conversations/${conversationId}/members`,
          { user_ids: [friend.id] },
          { token: actor.token },
        );
      },
      remove_members: async (actor) =>
        memberAction(suite.client, actor, conversationId, await freshMember(), 'remove'),
      block_members: async (actor) =>
        memberAction(suite.client, actor, conversationId, await freshMember(), 'block'),
      unblock_members: async (actor) => {
        const target = await freshMember();
        const blocked = await memberAction(suite.client, owner, conversationId, target, 'block');
        expect(blocked.status).toBe(200);
        return memberAction(suite.client, actor, conversationId, target, 'unblock');
      },
      pin: (actor) =>
        suite.client.post(
          `/user/conversations/${conversationId}/pinned-message`,
          { message_id: pinnable },
          { token: actor.token },
        ),
      change_roles: async (actor) => {
        const target = await freshMember();
        return suite.client.post(
          '/user/role',
          { conversation_id: conversationId, user_id: target.id, role: 'moderator' },
          { token: actor.token },
        );
      },
      manage_invites: (actor) =>
        suite.client.post(
          `/user/conversations/${conversationId}/invitation`,
          {},
          { token: actor.token },
        ),
      delete_others_messages: async (actor) => {
        const m = await sent(suite.client, poster, conversationId, 'delete me');
        return suite.client.delete(`/user/messages/${m.id}?for=everyone`, {
          token: actor.token,
        });
      },
      view_members: (actor) =>
        suite.client.get(`/user/conversations/${conversationId}/members`, {
          token: actor.token,
        }),
    };

    const cells = ACTIONS.flatMap((action) => ACTORS.map((actor) => ({ action, actor })));

    it.each(cells)('$action by $actor', async ({ action, actor }) => {
      const reply = await attempts[action](actors[actor]);
      expect({ action, actor, status: reply.status }).toEqual({
        action,
        actor,
        status: expected(action, kind, actor),
      });
    });
  });
});
