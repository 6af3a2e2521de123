import { beforeAll, describe, it } from 'vitest';
import { taskRoutes as r } from '@parley/protocol/http/task-routes';
import type { Subtask, Task, TaskGroupFields } from '@parley/protocol/tasks';
import type { Client } from './harness';
import { direct, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSyncHarness } from './sync-harness';
import { taskCall } from './tasks';

// Sync equivalence (sync-harness.ts) of tasks: every task event, applied to
// the board fetched before (protocol sync/tasks.ts, the web panel's code),
// gives the board fetched after; with the switches (conversation.info), the
// service lines (message.new) and the assignee's task.assigned.

describe.each(stores())('sync equivalence: tasks ($name)', (backend) => {
  const h = useSyncHarness(backend);
  let client: Client;
  let alice: Person;
  let bob: Person;
  beforeAll(() => ({ client, alice, bob } = h));
  const { verify, ok } = h;

  it('covers the board: groups, tasks, checklists, switches, service lines', async () => {
    const chat = await direct(client, alice, bob);
    const f = [chat.id];
    const A = alice.id;
    const B = bob.id;
    const both = (...types: string[]) => ({ [A]: types, [B]: types });
    const as = <T>(
      who: Person,
      route: Parameters<typeof taskCall>[2],
      id: number,
      body?: unknown,
    ) => ok(taskCall<T>(client, who, route, id, body)) as Promise<T>;

    await verify(f, both('conversation.info'), () =>
      as(alice, r.taskSettings, chat.id, { has_tasks: true }),
    );
    const todo = await verify(f, both('task_group.created'), () =>
      as<TaskGroupFields>(alice, r.createTaskGroup, chat.id, { name: 'To do' }),
    );
    const done = await verify(f, both('task_group.created'), () =>
      as<TaskGroupFields>(bob, r.createTaskGroup, chat.id, { name: 'Done', after_id: null }),
    );
    await verify(f, both('task_group.updated'), () =>
      as(alice, r.moveTaskGroup, done.id, { after_id: todo.id }),
    );
    await verify(f, both('task_group.updated'), () =>
      as(bob, r.renameTaskGroup, todo.id, { name: 'Next' }),
    );
    // Assigned by Alice: Bob also gets his in-app notification.
    const task = await verify(
      f,
      { [A]: ['task.created'], [B]: ['task.created', 'task.assigned'] },
      () => as<Task>(alice, r.createTask, todo.id, { title: 'Book the room', assignee_ids: [B] }),
    );
    const second = await verify(f, both('task.created'), () =>
      as<Task>(bob, r.createTask, todo.id, { title: 'Order food', after_id: null }),
    );
    // Two edits of different fields, one by each: both stay.
    await verify(f, both('task.updated', 'task.updated'), () =>
      Promise.all([
        as(alice, r.editTask, task.id, { title: 'Book the big room' }),
        as(bob, r.editTask, task.id, { due_at: '2026-12-04T17:00:00Z', description: 'Friday' }),
      ]),
    );
    await verify(f, both('task.updated'), () =>
      as(alice, r.moveTask, second.id, { group_id: done.id, after_id: null }),
    );
    const step = await verify(f, both('subtask.created'), () =>
      as<Subtask>(bob, r.createSubtask, task.id, { text: 'Call them' }),
    );
    await verify(f, both('subtask.created'), () =>
      as(bob, r.createSubtask, task.id, { text: 'Pay', after_id: null }),
    );
    await verify(f, both('subtask.updated'), () =>
      as(alice, r.tickSubtask, step.id, { done: true }),
    );
    await verify(f, both('subtask.updated'), () =>
      as(alice, r.editSubtask, step.id, { text: 'Call the venue' }),
    );
    await verify(f, both('subtask.updated'), () =>
      as(bob, r.moveSubtask, step.id, { after_id: null }),
    );
    await verify(f, both('subtask.deleted'), () => as(bob, r.deleteSubtask, step.id));

    // Service lines: each a message in the same transaction as its change.
    await verify(f, both('conversation.info'), () =>
      as(bob, r.taskSettings, chat.id, { task_service_lines: true }),
    );
    await verify(f, both('task.updated', 'message.new'), () =>
      as(bob, r.tickTask, task.id, { done: true }),
    );
    const message = await sent(client, alice, chat.id, 'Print the menus');
    await verify(f, both('task.created', 'message.new'), () =>
      as(bob, r.createTaskFromMessage, message.id, { group_id: done.id }),
    );
    await verify(f, both('task.deleted', 'message.new'), () => as(alice, r.deleteTask, task.id));
    await verify(f, both('task_group.deleted'), () => as(alice, r.deleteTaskGroup, done.id));
    // Tasks off: the board stays, the switch shows.
    await verify(f, both('conversation.info'), () =>
      as(alice, r.taskSettings, chat.id, { has_tasks: false }),
    );
    h.expectExercised('tasks');
  });
});
