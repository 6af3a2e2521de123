import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, MANAGED_KINDS, PERMISSIONS, ROLES } from '@parley/protocol/permissions';
import type { Action, ManagedKind, Role } from '@parley/protocol/permissions';
import type { Reply } from './harness';
import { addMembers, befriend, createConversation, memberAction, setRole } from './groups';
import { bystander, direct, person, sent } from './messaging';
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
  // One cast for the group and the channel: roles and blocks are per
  // conversation, so the same people hold the same places in both, and the
  // owner befriends them once.
  const actors = {} as Record<Actor, Person>;
  let poster: Person;
  beforeAll(async () => {
    const { client } = suite;
    for (const actor of ACTORS) actors[actor] = await person(client);
    poster = await person(client);
    const { owner, moderator, publisher, member, blocked } = actors;
    await befriend(client, owner, moderator, publisher, member, blocked, poster);
  });

  describe.each(MANAGED_KINDS)('in a %s', (kind) => {
    let owner: Person;
    let conversationId: number;
    let pinnable: number;

    /**
     * Someone only acted upon (the targets, and the friends an actor adds):
     * signed up but never signed in.
     */
    const fresh = () => bystander(suite.client, suite.ts.store);

    /** A new plain member the owner added. */
    async function freshMember(): Promise<Person> {
      const target = await fresh();
      await befriend(suite.client, owner, target);
      await addMembers(suite.client, owner, conversationId, target);
      return target;
    }

    /** A new member the owner added and then blocked. */
    async function freshBlocked(): Promise<Person> {
      const target = await freshMember();
      const blocked = await memberAction(suite.client, owner, conversationId, target, 'block');
      expect(blocked.status).toBe(200);
      return target;
    }

    // A cell the matrix allows changes its target, so it gets a target of
    // its own. The cells it refuses change nothing (were one to change its
    // target anyway, it would fail on its status), so they share one target
    // of each kind, made on first use: far fewer sign-ups.
    const spares = new Map<() => Promise<Person>, Promise<Person>>();
    function target(refused: boolean, make: () => Promise<Person>): Promise<Person> {
      if (!refused) return make();
      let spare = spares.get(make);
      if (!spare) {
        spare = make();
        spares.set(make, spare);
      }
      return spare;
    }

    beforeAll(async () => {
      const { client } = suite;
      owner = actors.owner;
      const invited = [actors.moderator, actors.publisher, actors.member, actors.blocked, poster];
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

    /** Each action tried by `actor`; `refused`: the matrix refuses it (see `target`). */
    const attempts: Record<Action, (actor: Person, refused: boolean) => Promise<Reply>> = {
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
      add_members: async (actor, refused) => {
        const friend = await target(refused, fresh);
        await direct(suite.client, actor, friend);
        return suite.client.post(
          `/user/conversations/${conversationId}/members`,
          { user_ids: [friend.id] },
          { token: actor.token },
        );
      },
      remove_members: async (actor, refused) =>
        memberAction(
          suite.client,
          actor,
          conversationId,
          await target(refused, freshMember),
          'remove',
        ),
      block_members: async (actor, refused) =>
        memberAction(
          suite.client,
          actor,
          conversationId,
          await target(refused, freshMember),
          'block',
        ),
      unblock_members: async (actor, refused) =>
        memberAction(
          suite.client,
          actor,
          conversationId,
          await target(refused, freshBlocked),
          'unblock',
        ),
      pin: (actor) =>
        suite.client.post(
          `/user/conversations/${conversationId}/pinned-message`,
          { message_id: pinnable },
          { token: actor.token },
        ),
      change_roles: async (actor, refused) => {
        const member = await target(refused, freshMember);
        return suite.client.post(
          '/user/role',
          { conversation_id: conversationId, user_id: member.id, role: 'moderator' },
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
      const status = expected(action, kind, actor);
      const reply = await attempts[action](actors[actor], status !== 200);
      expect({ action, actor, status: reply.status }).toEqual({ action, actor, status });
    });
  });
});
