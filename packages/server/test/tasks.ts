import { pathOf } from '@parley/protocol/http/route';
import type { Route } from '@parley/protocol/http/route';
import { taskRoutes } from '@parley/protocol/http/task-routes';
import type { Subtask, Task, TaskBoard, TaskGroupFields } from '@parley/protocol/tasks';
import type { Client, Reply } from './harness';
import type { Person } from './messaging';

// Helpers of the task suites: each call of protocol http/task-routes.ts as
// `who`, by its entry (so a path is never spelled twice), and the happy
// paths that throw unless 200.

export type ErrorBody = { message: string; errors?: Record<string, string[]> };

export function taskCall<T>(
  client: Client,
  who: Person,
  route: Route,
  id: number,
  body?: unknown,
): Promise<Reply<T & ErrorBody>> {
  return client.call<T & ErrorBody>(route.method, `/api/v1${pathOf(route, { id })}`, body, {
    token: who.token,
  });
}

async function ok<T>(reply: Promise<Reply<T & ErrorBody>>): Promise<T> {
  const r = await reply;
  if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The happy paths, for `client`. */
export function taskApi(client: () => Client) {
  const call = <T>(who: Person, route: Route, id: number, body?: unknown) =>
    taskCall<T>(client(), who, route, id, body);
  const r = taskRoutes;
  return {
    call,
    board: (who: Person, conversationId: number) =>
      ok(call<TaskBoard>(who, r.taskBoard, conversationId)),
    settings: (who: Person, conversationId: number, body: Record<string, boolean>) =>
      ok(call<{ has_tasks: boolean }>(who, r.taskSettings, conversationId, body)),
    group: (who: Person, conversationId: number, name = 'To do', extra = {}) =>
      ok(call<TaskGroupFields>(who, r.createTaskGroup, conversationId, { name, ...extra })),
    task: (who: Person, groupId: number, title = 'A task', extra = {}) =>
      ok(call<Task>(who, r.createTask, groupId, { title, ...extra })),
    subtask: (who: Person, taskId: number, text = 'A step', extra = {}) =>
      ok(call<Subtask>(who, r.createSubtask, taskId, { text, ...extra })),
    edit: (who: Person, taskId: number, body: Record<string, unknown>) =>
      ok(call<Task>(who, r.editTask, taskId, body)),
    tick: (who: Person, taskId: number, done = true) =>
      ok(call<Task>(who, r.tickTask, taskId, { done })),
    move: (who: Person, taskId: number, body: Record<string, unknown>) =>
      ok(call<Task>(who, r.moveTask, taskId, body)),
  };
}

/** Titles of a board's tasks, group by group: what order tests compare. */
export const titles = (board: TaskBoard) =>
  board.task_groups.map((g) => [g.name, g.tasks.map((t) => t.title)]);
