import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '@parley/protocol/http/route';
import { taskRoutes as r } from '@parley/protocol/http/task-routes';
import type { Role } from '@parley/protocol/permissions';
import { canTask, TASK_ACTIONS } from '@parley/protocol/rules/task-permissions';
import type { TaskAction, TaskOwnership } from '@parley/protocol/rules/task-permissions';
import { befriend, createConversation, memberAction, setRole } from './groups';
import { direct, person } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import { taskCall } from './tasks';

// Who may do what with tasks (rules/task-permissions.ts, docs/PERMISSIONS.md
// "Tasks"), cell by cell over HTTP: every action by every kind of caller, in
// a group, a channel, a direct chat and Saved Messages, and for the per-task
// actions on a task that is theirs in each way (created by them, assigned to
// them, neither and unassigned, neither and assigned to someone else).
// What is expected comes from `canTask`; non-members and blocked members get
// 404 for everything. Every store backend.

type Kind = 'group' | 'channel' | 'direct' | 'saved';
type Actor = Role | 'blocked' | 'non-member';
const ACTORS: Record<Kind, Actor[]> = {
  group: ['owner', 'moderator', 'publisher', 'member', 'blocked', 'non-member'],
  channel: ['owner', 'moderator', 'publisher', 'member', 'blocked', 'non-member'],
  direct: ['member', 'non-member'],
  saved: ['owner', 'non-member'],
};
/** Whose the task acted on is. */
const TASKS = ['created', 'assigned', 'unassigned', 'others'] as const;
type Whose = (typeof TASKS)[number];

/** The docs' table, rendered from `canTask` (one row per caller). */
function renderDocTable(): string {
  const mark = (kind: string, role: Role, action: TaskAction) => {
    const whose = TASKS.filter((w) =>
      canTask({ user_id: 1, role, kind }, action, ownership(w, 1, 2)),
    );
    if (whose.length === TASKS.length) return 'yes';
    if (whose.length === 0) return '—';
    return whose.join(', ');
  };
  const rows: [string, string, Role][] = [
    ['direct, saved', 'direct', 'member'],
    ...(['owner', 'moderator', 'publisher', 'member'] as const).flatMap(
      (role): [string, string, Role][] => [
        [`group ${role}`, 'group', role],
        [`channel ${role}`, 'channel', role],
      ],
    ),
  ];
  return [
    `| caller | ${TASK_ACTIONS.join(' | ')} |`,
    `|---|${TASK_ACTIONS.map(() => '---').join('|')}|`,
    ...rows.map(
      ([name, kind, role]) =>
        `| ${name} | ${TASK_ACTIONS.map((a) => mark(kind, role, a)).join(' | ')} |`,
    ),
  ].join('\n');
}

function ownership(whose: Whose, actorId: number, otherId: number): TaskOwnership {
  return {
    created_by: whose === 'created' ? actorId : otherId,
    assignee_ids: whose === 'assigned' ? [actorId] : whose === 'others' ? [otherId] : [],
  };
}

it('docs/PERMISSIONS.md shows the tasks table canTask enforces', () => {
  const doc = readFileSync(new URL('../../../docs/PERMISSIONS.md', import.meta.url), 'utf8');
  expect(doc).toContain(renderDocTable());
});

describe.each(stores())('task permissions ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  const people = {} as Record<Actor, Person>;
  beforeAll(async () => {
    for (const a of [
      'owner',
      'moderator',
      'publisher',
      'member',
      'blocked',
      'non-member',
    ] as const) {
      people[a] = await person(suite.client);
    }
    const { owner, moderator, publisher, member, blocked } = people;
    await befriend(suite.client, owner, moderator, publisher, member, blocked);
  });

  describe.each(Object.keys(ACTORS) as Kind[])('in a %s', (kind) => {
    let conversationId: number;
    let groupId: number;
    const owner = () => people.owner;

    beforeAll(async () => {
      const { client } = suite;
      if (kind === 'group' || kind === 'channel') {
        const { moderator, publisher, member, blocked } = people;
        const members = [moderator, publisher, member, blocked].map((p) => p.id);
        const c = await createConversation(client, owner(), kind, {
          member_ids: members,
          has_tasks: '1',
        });
        conversationId = c.id;
        await setRole(client, owner(), c.id, moderator, 'moderator');
        await setRole(client, owner(), c.id, publisher, 'publisher');
        expect((await memberAction(client, owner(), c.id, blocked, 'block')).status).toBe(200);
      } else if (kind === 'direct') {
        conversationId = (await direct(client, owner(), people.member)).id;
      } else {
        const list = await client.get<{ conversations: { id: number; is_saved: boolean }[] }>(
          '/user/conversations',
          { token: owner().token },
        );
        conversationId = list.body.conversations.find((c) => c.is_saved)?.id ?? 0;
      }
      await taskCall(client, owner(), r.taskSettings, conversationId, { has_tasks: true });
      const g = await taskCall<{ id: number }>(client, owner(), r.createTaskGroup, conversationId, {
        name: 'Board',
      });
      groupId = g.body.id;
    });

    /** A task of `whose` for `actor`, straight into the store (with one subtask). */
    async function seedTask(actor: Person, whose: Whose) {
      const db = suite.ts.store.db;
      const other = owner().id === actor.id ? people.member.id : owner().id;
      const own = ownership(whose, actor.id, other);
      const at = new Date().toISOString();
      const { id } = await db
        .insertInto('tasks')
        .values({
          conversation_id: conversationId,
          group_id: groupId,
          title: 'seeded',
          sort_key: `a${Date.now()}`,
          done: 0,
          created_by: own.created_by,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const assignees = own.assignee_ids.map((user_id, position) => ({
        task_id: id,
        conversation_id: conversationId,
        user_id,
        position,
      }));
      if (assignees.length > 0) await db.insertInto('task_assignees').values(assignees).execute();
      const sub = await db
        .insertInto('subtasks')
        .values({
          conversation_id: conversationId,
          task_id: id,
          text: 's',
          sort_key: 'a0',
          done: 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { taskId: id, subtaskId: sub.id, own };
    }

    const call = (who: Person, route: Route, id: number, body?: unknown) =>
      taskCall(suite.client, who, route, id, body);

    /** Whole-board actions: one call each. */
    const boardAttempts: Record<
      'view' | 'toggle_tasks' | 'manage_groups' | 'create_task',
      (a: Person) => Promise<{ status: number }>
    > = {
      view: (a) => call(a, r.taskBoard, conversationId),
      toggle_tasks: (a) =>
        call(a, r.taskSettings, conversationId, { task_service_lines: a.id % 2 === 0 }),
      manage_groups: (a) => call(a, r.renameTaskGroup, groupId, { name: `by ${a.id}` }),
      create_task: (a) => call(a, r.createTask, groupId, { title: 'new' }),
    };
    /** Per-task actions, each also on the task's checklist. */
    const taskAttempts: Record<
      string,
      [
        TaskAction,
        (a: Person, t: { taskId: number; subtaskId: number }) => Promise<{ status: number }>,
      ]
    > = {
      edit: ['edit_task', (a, t) => call(a, r.editTask, t.taskId, { title: `by ${a.id}` })],
      move: ['edit_task', (a, t) => call(a, r.moveTask, t.taskId, { after_id: null })],
      'add subtask': ['edit_task', (a, t) => call(a, r.createSubtask, t.taskId, { text: 'x' })],
      'delete subtask': ['edit_task', (a, t) => call(a, r.deleteSubtask, t.subtaskId)],
      tick: ['tick_task', (a, t) => call(a, r.tickTask, t.taskId, { done: true })],
      'tick subtask': ['tick_task', (a, t) => call(a, r.tickSubtask, t.subtaskId, { done: true })],
      delete: ['delete_task', (a, t) => call(a, r.deleteTask, t.taskId)],
    };

    const expected = (actor: Actor, action: TaskAction, own?: TaskOwnership) => {
      if (actor === 'blocked' || actor === 'non-member') return 404;
      const role: Role = actor;
      return canTask({ user_id: people[actor].id, role, kind }, action, own) ? 200 : 403;
    };

    it.each(ACTORS[kind])('the board actions, as %s', async (actor) => {
      const who = people[actor];
      for (const [action, attempt] of Object.entries(boardAttempts)) {
        const res = await attempt(who);
        expect([action, res.status]).toEqual([action, expected(actor, action as TaskAction)]);
      }
    });

    it.each(ACTORS[kind])('the per-task actions, as %s', async (actor) => {
      const who = people[actor];
      for (const whose of TASKS) {
        for (const [name, [action, attempt]] of Object.entries(taskAttempts)) {
          const task = await seedTask(who, whose);
          const res = await attempt(who, task);
          expect([name, whose, res.status]).toEqual([
            name,
            whose,
            expected(actor, action, task.own),
          ]);
        }
      }
    });
  });
});
