import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Route } from '@parley/protocol/http/route';
import { MSG } from '@parley/protocol/messages';
import { taskRoutes as r } from '@parley/protocol/http/task-routes';
import { TASK_MSG } from '@parley/protocol/task-texts';
import { TASK_NOTICE_TYPE } from '@parley/protocol/tasks';
import type { Subtask, Task } from '@parley/protocol/tasks';
import { counterBackends } from './counters';
import { createConversation, threeFriends } from './groups';
import { NO_LIMITS } from './harness';
import type { Client, Reply } from './harness';
import { direct, history, person, send, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import { taskApi } from './tasks';

// The task calls against a hostile or unlucky client, on SQLite (counters in
// memory) and on PostgreSQL with its counters in Redis: a replayed tick does
// not undo a later one (op_id), creation and service lines spend the send
// budget (429 with Retry-After), and no task call gets anywhere for someone
// outside the conversation.

/** The send budget of this suite: small, so that a flood meets it at once. */
const BUDGET = 8;

const redisCounters = counterBackends().find((c) => c.name === 'redis');

describe.each(stores())('task security ($name)', (backend) => {
  // PostgreSQL runs as the cluster does: its counters in Redis.
  const counters = backend.name === 'postgres' ? redisCounters?.open() : undefined;
  afterAll(async () => counters?.close());
  const suite = useSuiteServer(backend, {
    rateLimits: { ...NO_LIMITS, sendPerUser: { max: BUDGET, windowSeconds: 60 } },
    ...(counters ? { redis: counters.redis, rateLimitPrefix: counters.prefix } : {}),
  });
  const client = (): Client => suite.client;
  const api = taskApi(client);

  const tick = (who: Person, route: Route, id: number, body: object) =>
    api.call<Task & Subtask>(who, route, id, body);

  const expect429 = (res: Reply) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: MSG.tooManyRequests, retry_after: expect.any(Number) });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  };

  /** A group of Ann's with Ben as a plain member, tasks on, lines as asked. */
  async function board(lines: boolean) {
    const [ann, ben, cat] = await threeFriends(client());
    const group = await createConversation(client(), ann, 'group', {
      member_ids: [ben.id],
      has_tasks: '1',
    });
    if (lines) await api.settings(ann, group.id, { task_service_lines: true });
    return { ann, ben, cat, group };
  }

  it('a replayed tick changes nothing: the later untick by someone else stays', async () => {
    const { ann, ben, group } = await board(false);
    const g = await api.group(ann, group.id);
    const task = await api.task(ann, g.id, 'Book the room');
    const step = await api.subtask(ann, task.id, 'Call them');
    for (const [route, id] of [
      [r.tickTask, task.id],
      [r.tickSubtask, step.id],
    ] as const) {
      const op = randomUUID();
      // Ben ticks (v1) and loses the reply; Ann unticks (v2).
      const first = await tick(ben, route, id, { done: true, op_id: op });
      expect([first.status, first.body.done, first.body.versions.done]).toEqual([200, true, 1]);
      const untick = await tick(ann, route, id, { done: false, op_id: randomUUID() });
      expect([untick.body.done, untick.body.versions.done]).toEqual([false, 2]);
      // Ben's offline queue sends the same tick again: no v3, Ann's untick stays.
      const replay = await tick(ben, route, id, { done: true, op_id: op });
      expect([replay.status, replay.body.done, replay.body.versions.done]).toEqual([200, false, 2]);
      // The same key for another item is a client bug, not a replay.
      const other =
        route === r.tickTask
          ? (await api.task(ann, g.id)).id
          : (await api.subtask(ann, task.id)).id;
      const reused = await tick(ben, route, other, { done: true, op_id: op });
      expect(reused.status).toBe(422);
      expect(reused.body.errors).toEqual({ op_id: [TASK_MSG.opReused] });
      // Another user's key is theirs: Ann's use of the same key is a tick of her own.
      const anns = await tick(ann, route, id, { done: true, op_id: op });
      expect([anns.body.done, anns.body.versions.done]).toEqual([true, 3]);
    }
    const after = await api.board(ann, group.id);
    const stored = after.task_groups[0]?.tasks.find((t) => t.id === task.id);
    expect([stored?.done, stored?.versions.done, stored?.subtasks[0]?.versions.done]).toEqual([
      true,
      3,
      3,
    ]);
  });

  it('a tick without op_id (an older client) is still idempotent on its state', async () => {
    const { ann, ben, group } = await board(false);
    const task = await api.task(ann, (await api.group(ann, group.id)).id);
    await tick(ben, r.tickTask, task.id, { done: true });
    const again = await tick(ben, r.tickTask, task.id, { done: true });
    expect([again.body.done, again.body.versions.done]).toEqual([true, 1]);
    expect((await tick(ben, r.tickTask, task.id, { done: true, op_id: 'x' })).status).toBe(422);
  });

  it('creating groups, tasks and subtasks spends the send budget: 429 with Retry-After', async () => {
    const { ann, ben, group } = await board(false);
    const m = await sent(client(), ben, group.id, 'Buy milk');
    const g = await api.group(ann, group.id); // Ann's befriending sent nothing: turn 1
    const task = await api.task(ann, g.id); // 2
    for (let i = 2; i < BUDGET; i++) await api.subtask(ann, task.id, `step ${i}`);
    expect429(await api.call(ann, r.createTask, g.id, { title: 'one too many' }));
    expect429(await api.call(ann, r.createTaskFromMessage, m.id, { group_id: g.id }));
    expect429(await api.call(ann, r.createTaskGroup, group.id, { name: 'one too many' }));
    expect429(await api.call(ann, r.createSubtask, task.id, { text: 'one too many' }));
    // One budget with messages: Ann cannot send either.
    expect429(await send(client(), ann, group.id, 'hello'));
    const stored = await api.board(ann, group.id);
    expect(stored.task_groups.map((x) => [x.tasks.length, x.tasks[0]?.subtasks.length])).toEqual([
      [1, BUDGET - 2],
    ]);
  });

  it('task service lines obey the send limit: a plain member cannot flood the chat', async () => {
    const { ann, ben, group } = await board(true);
    const task = await api.task(ann, (await api.group(ann, group.id)).id);
    const replies = [];
    for (let i = 0; i < 3 * BUDGET; i++) {
      replies.push(
        await tick(ben, r.tickTask, task.id, { done: i % 2 === 0, op_id: randomUUID() }),
      );
    }
    const statuses = replies.map((x) => x.status);
    // Ben's befriending message spent one turn of his budget.
    expect(statuses.filter((s) => s === 200)).toHaveLength(BUDGET - 1);
    const refused = replies.find((x) => x.status === 429);
    if (!refused) throw new Error('no 429');
    expect429(refused);
    const lines = (await history(client(), ann, group.id, '?limit=100')).messages.filter(
      (x) => x.type === TASK_NOTICE_TYPE && x.user_id === ben.id,
    );
    expect(lines).toHaveLength(BUDGET - 1);
    // With the lines off, ticks post nothing and are not counted.
    await api.settings(ann, group.id, { task_service_lines: false });
    const quiet = await tick(ben, r.tickTask, task.id, { done: true, op_id: randomUUID() });
    expect(quiet.status).toBe(200);
  });

  it('every task call is a 404 for a non-member and a 401 without a token, changing nothing', async () => {
    const { ann, cat, group } = await board(false);
    const g = await api.group(ann, group.id);
    const task = await api.task(ann, g.id);
    const step = await api.subtask(ann, task.id);
    const m = await sent(client(), ann, group.id, 'a message');
    const before = await api.board(ann, group.id);
    const calls: Record<keyof typeof r, [number, unknown]> = {
      taskBoard: [group.id, undefined],
      taskSettings: [group.id, { has_tasks: false }],
      createTaskGroup: [group.id, { name: 'x' }],
      renameTaskGroup: [g.id, { name: 'x' }],
      moveTaskGroup: [g.id, { after_id: null }],
      deleteTaskGroup: [g.id, undefined],
      createTask: [g.id, { title: 'x' }],
      createTaskFromMessage: [m.id, { group_id: g.id }],
      editTask: [task.id, { title: 'x' }],
      moveTask: [task.id, { after_id: null }],
      tickTask: [task.id, { done: true, op_id: randomUUID() }],
      deleteTask: [task.id, undefined],
      createSubtask: [task.id, { text: 'x' }],
      editSubtask: [step.id, { text: 'x' }],
      moveSubtask: [step.id, { after_id: null }],
      tickSubtask: [step.id, { done: true, op_id: randomUUID() }],
      deleteSubtask: [step.id, undefined],
    };
    const nobody = { ...cat, token: '' };
    const stranger = await person(client());
    // A direct chat of Cat's own does not open Ann's group to her.
    await direct(client(), cat, stranger);
    for (const [name, [id, body]] of Object.entries(calls)) {
      const route = r[name as keyof typeof r];
      const asCat = await api.call(cat, route, id, body);
      expect([name, asCat.status]).toEqual([name, 404]);
      expect([name, (await api.call(nobody, route, id, body)).status]).toEqual([name, 401]);
    }
    expect(await api.board(ann, group.id)).toEqual(before);
  });
});
