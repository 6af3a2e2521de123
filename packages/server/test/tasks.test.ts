import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Conversation } from '@parley/protocol/conversation';
import { TASK_LIMITS } from '@parley/protocol/constants';
import type { Route } from '@parley/protocol/http/route';
import { taskRoutes as r } from '@parley/protocol/http/task-routes';
import { TASK_MSG } from '@parley/protocol/task-texts';
import {
  subtaskSchema,
  TASK_NOTICE_TYPE,
  taskBoardSchema,
  taskGroupSchema,
  taskNoticeSchema,
  taskSchema,
} from '@parley/protocol/tasks';
import type { Task } from '@parley/protocol/tasks';
import { createConversation, threeFriends } from './groups';
import type { Client } from './harness';
import { direct, history, list, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import { taskApi, titles } from './tasks';

// Tasks (features/tasks, docs/TASKS.md): the create form's has_tasks and
// the switches, groups, tasks and subtasks with their order, per-field
// versions, task from message, service lines, field errors and limits.
// Every store backend. Who may do what: tasks-permissions.test.ts; events:
// sync-equivalence-tasks.test.ts.

/** The board's schema with every object strict: an undeclared key fails. */
const strictBoard = taskBoardSchema.strict().extend({
  task_groups: z.array(
    taskGroupSchema.strict().extend({
      tasks: z.array(taskSchema.strict().extend({ subtasks: z.array(subtaskSchema.strict()) })),
    }),
  ),
});

describe.each(stores())('tasks ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let client: Client;
  let ann: Person;
  let ben: Person;
  let cat: Person;
  let group: Conversation;
  const api = taskApi(() => client);

  beforeAll(async () => {
    ({ client } = suite);
    [ann, ben, cat] = await threeFriends(client);
    group = await createConversation(client, ann, 'group', {
      member_ids: [ben.id],
      has_tasks: '1',
    });
  });

  it('the create form turns tasks on; the board starts empty', async () => {
    expect(group.has_tasks).toBe(true);
    expect(group.task_service_lines).toBe(false);
    const board = await api.board(ben, group.id);
    expect(board).toMatchObject({ conversation_id: group.id, has_tasks: true, task_groups: [] });
    const off = await createConversation(client, ann, 'channel', { has_tasks: '0' });
    expect(off.has_tasks).toBe(false);
    const refused = await api.call(ann, r.createTaskGroup, off.id, { name: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TASK_MSG.tasksOff);
    expect(await api.settings(ann, off.id, { has_tasks: true })).toEqual({
      has_tasks: true,
      task_service_lines: false,
    });
    expect((await api.board(ann, off.id)).has_tasks).toBe(true);
    // The info screen's switch (groups' edit call) works too, and the board follows.
    const edited = await client.post<Conversation>(
      `/user/conversations/${off.id}/edit`,
      { has_tasks: '0' },
      { token: ann.token },
    );
    expect([edited.status, edited.body.has_tasks]).toEqual([200, false]);
    expect((await api.board(ann, off.id)).has_tasks).toBe(false);
    // The System chat has no tasks.
    const list = await client.get<{ conversations: Conversation[] }>('/user/conversations', {
      token: ann.token,
    });
    const system = list.body.conversations.find((c) => c.is_system);
    const refusedThere = await api.call(ann, r.taskSettings, system?.id ?? 0, { has_tasks: true });
    expect(refusedThere.status).toBe(403);
  });

  it('the board comes gzipped to clients that take it, the same board either way', async () => {
    const g = await api.group(ann, group.id, 'Served');
    const t = await api.task(ann, g.id, 'with everything', {
      assignee_ids: [ben.id],
      due_at: '2026-12-01T10:00:00Z',
    });
    await api.subtask(ann, t.id);
    const path = `/api/v1/user/conversations/${group.id}/tasks`;
    const zipped = await client.call(`GET`, path, undefined, { token: ann.token });
    const plain = await client.call('GET', path, undefined, {
      token: ann.token,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toEqual(zipped.body);
    // The board is served from kept bytes, not through the route's reply
    // check: it must hold exactly the contract's fields, and valid ones.
    const full = await api.board(ann, group.id);
    expect(full.task_groups.length).toBeGreaterThan(0);
    expect(strictBoard.parse(full)).toEqual(full);
    expect((await api.call(ann, r.deleteTaskGroup, g.id)).status).toBe(200);
  });

  it('groups, tasks and subtasks keep the order asked for, with fractional keys', async () => {
    const doing = await api.group(ann, group.id, 'Doing');
    const todo = await api.group(ann, group.id, 'To do', { after_id: null });
    const a = await api.task(ann, todo.id, 'a');
    const c = await api.task(ann, todo.id, 'c');
    await api.task(ann, todo.id, 'b', { after_id: a.id });
    await api.task(ann, todo.id, 'first', { after_id: null });
    let board = await api.board(ann, group.id);
    expect(titles(board)).toEqual([
      ['To do', ['first', 'a', 'b', 'c']],
      ['Doing', []],
    ]);
    // A move rewrites one key; the others stay as they were.
    const keys = board.task_groups[0]?.tasks.map((t) => t.order);
    const moved = await api.move(ann, c.id, { group_id: doing.id, after_id: null });
    expect(moved).toMatchObject({ group_id: doing.id, versions: { position: 1, title: 0 } });
    await api.move(ann, a.id, { after_id: board.task_groups[0]?.tasks[2]?.id ?? 0 });
    board = await api.board(ann, group.id);
    expect(titles(board)).toEqual([
      ['To do', ['first', 'b', 'a']],
      ['Doing', ['c']],
    ]);
    expect(board.task_groups[0]?.tasks.find((t) => t.title === 'b')?.order).toBe(keys?.[2]);
    await api.call(ann, r.moveTaskGroup, doing.id, { after_id: null });
    expect(titles(await api.board(ann, group.id)).map(([name]) => name)).toEqual([
      'Doing',
      'To do',
    ]);
    const s1 = await api.subtask(ann, c.id, 'one');
    const s2 = await api.subtask(ann, c.id, 'two');
    await api.call(ann, r.moveSubtask, s2.id, { after_id: null });
    await api.call(ann, r.tickSubtask, s1.id, { done: true });
    const task = (await api.board(ann, group.id)).task_groups[0]?.tasks[0];
    expect(task?.subtasks.map((s) => [s.text, s.done])).toEqual([
      ['two', false],
      ['one', true],
    ]);
  });

  it('edits raise only their own fields’ versions; the same tick twice changes nothing', async () => {
    const g = await api.group(ann, group.id, 'Edits');
    const t = await api.task(ann, g.id, 'Book the room');
    // Two people edit different fields "at once": both changes stay.
    await Promise.all([
      api.edit(ann, t.id, { title: 'Book the big room' }),
      api.edit(ann, t.id, { description: 'Friday', due_at: '2026-12-04T18:00:00+01:00' }),
    ]);
    const done = await api.tick(ben, t.id);
    const again = await api.tick(ben, t.id);
    expect(again.versions).toEqual(done.versions);
    expect(again).toMatchObject({
      title: 'Book the big room',
      description: 'Friday',
      due_at: '2026-12-04T17:00:00.000Z',
      done: true,
      done_by: ben.id,
      versions: { title: 1, description: 1, due_at: 1, done: 1, assignee_ids: 0, position: 0 },
    });
    const open = await api.tick(ann, t.id, false);
    expect(open).toMatchObject({ done: false, done_by: null, done_at: null });
    expect(open.versions.done).toBe(2);
  });

  it('assignees must be members; duplicates drop; the assigned get task.assigned', async () => {
    const g = await api.group(ann, group.id, 'People');
    const bad = await api.call(ann, r.createTask, g.id, { title: 'x', assignee_ids: [cat.id] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ assignee_ids: [TASK_MSG.notAMember] });
    const t = await api.task(ann, g.id, 'y', { assignee_ids: [ben.id, ben.id, ann.id] });
    expect(t.assignee_ids).toEqual([ben.id, ann.id]);
    const events = await suite.ts.store.db
      .selectFrom('user_events')
      .select(['user_id', 'payload'])
      .where('type', '=', 'task.assigned')
      .execute();
    const mine = events.map((e) => [e.user_id, JSON.parse(e.payload) as Record<string, unknown>]);
    expect(mine).toContainEqual([
      ben.id,
      { conversation_id: group.id, task_id: t.id, title: 'y', by_user_id: ann.id },
    ]);
    expect(mine.some(([id]) => id === ann.id)).toBe(false);
  });

  it('a message becomes a task that links back to it; service lines when switched on', async () => {
    const chat = await direct(client, ann, cat);
    await api.settings(cat, chat.id, { has_tasks: true, task_service_lines: true });
    const g = await api.group(cat, chat.id, 'From chat');
    const m = await sent(client, ann, chat.id, '  Buy   milk\nand bread ');
    const res = await api.call<Task>(cat, r.createTaskFromMessage, m.id, { group_id: g.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Buy milk and bread', message_id: m.id });
    await api.tick(ann, res.body.id);
    const lines = (await history(client, ann, chat.id)).messages.filter(
      (x) => x.type === TASK_NOTICE_TYPE,
    );
    expect(
      lines.map((x) => [x.user_id, taskNoticeSchema.parse(JSON.parse(x.message)).action]),
    ).toEqual([
      [cat.id, 'created'],
      [ann.id, 'done'],
    ]);
    const elsewhere = await api.group(ann, group.id, 'Other');
    const wrong = await api.call(cat, r.createTaskFromMessage, m.id, { group_id: elsewhere.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ group_id: [TASK_MSG.groupNotFound] });
    expect((await api.call(ben, r.createTaskFromMessage, m.id, { group_id: g.id })).status).toBe(
      404,
    );
  });

  it('a task from a message takes its plain words; a spoiler stays hidden', async () => {
    const chat = await direct(client, ann, cat);
    await api.settings(cat, chat.id, { has_tasks: true });
    const g = await api.group(cat, chat.id, 'Plain');
    const m = await sent(
      client,
      ann,
      chat.id,
      '**Big** _news_: the end ||he was the ghost|| `now`',
    );
    const res = await api.call<Task>(cat, r.createTaskFromMessage, m.id, { group_id: g.id });
    expect(res.body).toMatchObject({ title: 'Big news: the end ▒▒▒ now', description: '' });
    const long = `||${'secret '.repeat(40)}|| and more`;
    const two = await sent(client, ann, chat.id, long);
    const cut = await api.call<Task>(cat, r.createTaskFromMessage, two.id, { group_id: g.id });
    expect([cut.body.title, cut.body.description]).toEqual(['▒▒▒ and more', '']);
    expect(JSON.stringify(await api.board(cat, chat.id))).not.toMatch(/ghost|secret|\*\*/);
  });

  it('Conversation.task_groups: the single read carries the board’s groups; lists leave it out', async () => {
    const g = await api.group(ann, group.id, 'Spec 3');
    const t = await api.task(ann, g.id, 'Counted');
    await api.subtask(ann, t.id, 'Checked');
    const read = (who: Person, body: object) =>
      client.post<Conversation>('/user/conversation', body, { token: who.token });
    const one = await read(ben, { conversation_id: group.id });
    expect(one.status).toBe(200);
    expect(one.body.task_groups).toEqual((await api.board(ben, group.id)).task_groups);
    expect(one.body.task_groups?.find((x) => x.id === g.id)?.tasks[0]?.subtasks).toHaveLength(1);
    const without = await read(ben, { conversation_id: group.id, task_groups: false });
    expect(without.body).not.toHaveProperty('task_groups');
    const listed = (await list(client, ben)).conversations;
    expect(listed.find((c) => c.id === group.id)).not.toHaveProperty('task_groups');
    const system = listed.find((c) => c.is_system);
    if (!system) throw new Error('no System chat');
    expect((await read(ben, { conversation_id: system.id })).body.task_groups).toEqual([]);
    expect((await read(cat, { conversation_id: group.id })).status).toBe(404);
  });

  it('bad input is a 422 with field messages', async () => {
    const g = await api.group(ann, group.id, 'Checks');
    const t = await api.task(ann, g.id);
    const cases: [Route, number, unknown, Record<string, string[]>][] = [
      [r.createTaskGroup, group.id, { name: '  ' }, { name: [TASK_MSG.groupNameRequired] }],
      [r.createTask, g.id, { title: 'x'.repeat(201) }, { title: [TASK_MSG.titleTooLong] }],
      [r.createTask, g.id, { title: 'x', due_at: '2026-12-01' }, { due_at: [TASK_MSG.dueInvalid] }],
      [
        r.createTask,
        g.id,
        { title: 'x', after_id: 999_999 },
        { after_id: [TASK_MSG.siblingNotFound] },
      ],
      [r.editTask, t.id, {}, { _: [TASK_MSG.nothingToChange] }],
      [r.createSubtask, t.id, { text: 'y'.repeat(301) }, { text: [TASK_MSG.subtaskTextTooLong] }],
      [r.moveTask, t.id, { after_id: t.id }, { after_id: [TASK_MSG.siblingNotFound] }],
    ];
    for (const [route, id, body, errors] of cases) {
      const res = await api.call(ann, route, id, body);
      expect([route.path, res.status]).toEqual([route.path, 422]);
      expect(res.body.errors).toEqual(errors);
    }
  });

  it('limits: groups per conversation, tasks per group, subtasks per task', async () => {
    const chat = await direct(client, ben, cat);
    await api.settings(ben, chat.id, { has_tasks: true });
    for (let i = 0; i < TASK_LIMITS.groupsPerConversation; i += 1)
      await api.group(ben, chat.id, `g${i}`);
    const many = await api.call(ben, r.createTaskGroup, chat.id, { name: 'one more' });
    expect([many.status, many.body.errors]).toEqual([422, { name: [TASK_MSG.tooManyGroups] }]);
    const g = (await api.board(ben, chat.id)).task_groups[0];
    if (!g) throw new Error('no group');
    // The rows straight into the store: 1,000 calls would only slow the suite.
    const at = new Date().toISOString();
    const rows = Array.from({ length: TASK_LIMITS.tasksPerGroup }, (_, i) => ({
      conversation_id: chat.id,
      group_id: g.id,
      title: `t${i}`,
      sort_key: `a${String(i).padStart(4, '0')}`,
      done: 0,
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < rows.length; i += 100) {
      await suite.ts.store.db
        .insertInto('tasks')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    const full = await api.call(ben, r.createTask, g.id, { title: 'late' });
    expect([full.status, full.body.errors]).toEqual([422, { title: [TASK_MSG.tooManyTasks] }]);
    const other = (await api.board(ben, chat.id)).task_groups[1];
    const t = await api.task(ben, other?.id ?? 0);
    const into = await api.call(ben, r.moveTask, t.id, { group_id: g.id, after_id: null });
    expect([into.status, into.body.errors]).toEqual([422, { group_id: [TASK_MSG.tooManyTasks] }]);
    for (let i = 0; i < TASK_LIMITS.subtasksPerTask; i += 1) await api.subtask(ben, t.id, `s${i}`);
    const sub = await api.call(ben, r.createSubtask, t.id, { text: 'late' });
    expect([sub.status, sub.body.errors]).toEqual([422, { text: [TASK_MSG.tooManySubtasks] }]);
  });

  it('deleting a group takes its tasks and subtasks with it', async () => {
    const g = await api.group(ann, group.id, 'Doomed');
    const t = await api.task(ann, g.id);
    await api.subtask(ann, t.id);
    expect((await api.call(ann, r.deleteTaskGroup, g.id)).status).toBe(200);
    expect((await api.call(ann, r.editTask, t.id, { title: 'z' })).status).toBe(404);
    const left = await suite.ts.store.db
      .selectFrom('subtasks')
      .select('id')
      .where('task_id', '=', t.id)
      .execute();
    expect(left).toEqual([]);
  });
});
