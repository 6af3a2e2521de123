import { taskRoutes } from '@parley/protocol/http/task-routes';
import { editTaskLocally } from '@parley/protocol/sync/tasks';
import type { TaskChange } from '@parley/protocol/sync/tasks';
import type { EditTaskRequest, Subtask, Task, TaskBoard } from '@parley/protocol/tasks';
import { call } from '../../api/http';
import { ApiError, errorMessage } from '../../api/errors';
import { tapFrames } from '../../lib/frame-taps';
import { randomUuid } from '../../lib/random-uuid';
import {
  editGroupLocally,
  editSubtaskLocally,
  moveGroupLocally,
  moveSubtaskLocally,
  moveTaskLocally,
} from './local-edits';
import { useTaskPanel } from './panel-store';
import { onBoardLoaded, useTasksStore } from './store';
import { queueTick, readTicks, unqueueTick } from './tick-queue';
import type { QueuedTick, Tick } from './tick-queue';

// Every change the Tasks panel makes: optimistic where the result is known
// (edits, ticks, moves, deletes), then the call, whose reply is applied
// through the protocol's applier. A refusal shows the server's message in
// the panel and reads the board again (docs/TASKS.md, "Optimistic edits").
// A tick that finds no server is queued and sent when back online, with the
// op_id it was made with (tick-queue.ts).

type Board = (board: TaskBoard) => TaskBoard;

const store = () => useTasksStore.getState();

function refused(conversationId: number, error: unknown): void {
  useTaskPanel.getState().setError(errorMessage(error));
  void store().load(conversationId);
}

/** Runs one call: `local` first, the reply through `toChange`; false when it failed. */
async function change<T>(
  conversationId: number,
  send: () => Promise<T>,
  toChange: (reply: T) => TaskChange | null,
  local?: Board,
): Promise<T | null> {
  if (local) store().update(conversationId, local);
  useTaskPanel.getState().setError(null);
  try {
    const reply = await send();
    const applied = toChange(reply);
    if (applied) store().apply(conversationId, applied);
    return reply;
  } catch (error) {
    refused(conversationId, error);
    return null;
  }
}

const asTask = (task: Task): TaskChange => ({ kind: 'task', task });
const asSubtask = (subtask: Subtask): TaskChange => ({ kind: 'subtask', subtask });
const silent = { silent: true } as const;

export const taskActions = {
  settings: (id: number, body: { has_tasks?: boolean; task_service_lines?: boolean }) =>
    change(
      id,
      () => call(taskRoutes.taskSettings, { params: { id }, body, ...silent }),
      (reply) => ({ kind: 'settings', ...reply }),
    ),

  createGroup: (id: number, name: string) =>
    change(
      id,
      () => call(taskRoutes.createTaskGroup, { params: { id }, body: { name }, ...silent }),
      (group) => ({ kind: 'group', group }),
    ),
  renameGroup: (cid: number, groupId: number, name: string) =>
    change(
      cid,
      () =>
        call(taskRoutes.renameTaskGroup, { params: { id: groupId }, body: { name }, ...silent }),
      (group) => ({ kind: 'group', group }),
      (b) => editGroupLocally(b, groupId, { name }),
    ),
  moveGroup: (cid: number, groupId: number, afterId: number | null) =>
    change(
      cid,
      () =>
        call(taskRoutes.moveTaskGroup, {
          params: { id: groupId },
          body: { after_id: afterId },
          ...silent,
        }),
      (group) => ({ kind: 'group', group }),
      (b) => moveGroupLocally(b, groupId, afterId),
    ),
  deleteGroup: (cid: number, groupId: number) =>
    change(
      cid,
      () => call(taskRoutes.deleteTaskGroup, { params: { id: groupId }, ...silent }),
      () => null,
      (b) => ({ ...b, task_groups: b.task_groups.filter((g) => g.id !== groupId) }),
    ),

  createTask: (cid: number, groupId: number, title: string) =>
    change(
      cid,
      () => call(taskRoutes.createTask, { params: { id: groupId }, body: { title }, ...silent }),
      asTask,
    ),
  createFromMessage: (cid: number, messageId: number, groupId: number) =>
    change(
      cid,
      () =>
        call(taskRoutes.createTaskFromMessage, {
          params: { id: messageId },
          body: { group_id: groupId },
          ...silent,
        }),
      asTask,
    ),
  editTask: (cid: number, taskId: number, edit: EditTaskRequest) =>
    change(
      cid,
      () => call(taskRoutes.editTask, { params: { id: taskId }, body: edit, ...silent }),
      asTask,
      (b) => editTaskLocally(b, taskId, edit),
    ),
  moveTask: (cid: number, taskId: number, groupId: number, afterId: number | null) =>
    change(
      cid,
      () =>
        call(taskRoutes.moveTask, {
          params: { id: taskId },
          body: { group_id: groupId, after_id: afterId },
          ...silent,
        }),
      asTask,
      (b) => moveTaskLocally(b, taskId, groupId, afterId),
    ),
  deleteTask: (cid: number, taskId: number) =>
    change(
      cid,
      () => call(taskRoutes.deleteTask, { params: { id: taskId }, ...silent }),
      () => ({ kind: 'task_deleted', task_id: taskId }),
      (b) => ({
        ...b,
        task_groups: b.task_groups.map((g) => ({
          ...g,
          tasks: g.tasks.filter((t) => t.id !== taskId),
        })),
      }),
    ),

  createSubtask: (cid: number, taskId: number, text: string) =>
    change(
      cid,
      () => call(taskRoutes.createSubtask, { params: { id: taskId }, body: { text }, ...silent }),
      asSubtask,
    ),
  editSubtask: (cid: number, subtaskId: number, text: string) =>
    change(
      cid,
      () => call(taskRoutes.editSubtask, { params: { id: subtaskId }, body: { text }, ...silent }),
      asSubtask,
      (b) => editSubtaskLocally(b, subtaskId, { text }),
    ),
  moveSubtask: (cid: number, subtaskId: number, afterId: number | null) =>
    change(
      cid,
      () =>
        call(taskRoutes.moveSubtask, {
          params: { id: subtaskId },
          body: { after_id: afterId },
          ...silent,
        }),
      asSubtask,
      (b) => moveSubtaskLocally(b, subtaskId, afterId),
    ),
  deleteSubtask: (cid: number, subtask: Subtask) =>
    change(
      cid,
      () => call(taskRoutes.deleteSubtask, { params: { id: subtask.id }, ...silent }),
      () => ({ kind: 'subtask_deleted', subtask_id: subtask.id, task_id: subtask.task_id }),
      (b) => ({
        ...b,
        task_groups: b.task_groups.map((g) => ({
          ...g,
          tasks: g.tasks.map((t) =>
            t.id === subtask.task_id
              ? { ...t, subtasks: t.subtasks.filter((s) => s.id !== subtask.id) }
              : t,
          ),
        })),
      }),
    ),

  /** A tick of a task or a subtask, with a new op_id: queued when there is no server to take it. */
  tick: (made: Tick) => {
    const tick: QueuedTick = { ...made, op_id: randomUuid() };
    store().update(tick.conversation_id, (b) => tickLocally(b, tick));
    useTaskPanel.getState().setError(null);
    return sendTick(tick);
  },
};

function tickLocally(board: TaskBoard, tick: Tick): TaskBoard {
  return tick.kind === 'task'
    ? editTaskLocally(board, tick.id, { done: tick.done })
    : editSubtaskLocally(board, tick.id, { done: tick.done });
}

/** Sends one tick with its op_id (the same on every resend); 'offline' keeps it queued. */
async function sendTick(tick: QueuedTick): Promise<'sent' | 'offline' | 'refused'> {
  const body = { done: tick.done, op_id: tick.op_id };
  const input = { params: { id: tick.id }, body, ...silent };
  try {
    const reply =
      tick.kind === 'task'
        ? asTask(await call(taskRoutes.tickTask, input))
        : asSubtask(await call(taskRoutes.tickSubtask, input));
    unqueueTick(tick);
    store().apply(tick.conversation_id, reply);
    return 'sent';
  } catch (error) {
    if (error instanceof ApiError && error.status === null) {
      queueTick(tick);
      return 'offline';
    }
    unqueueTick(tick);
    refused(tick.conversation_id, error);
    return 'refused';
  }
}

let flushing = false;

/** Sends the queued ticks in the order they were made; stops at the first that finds no server. */
export async function flushTicks(): Promise<void> {
  if (flushing) return;
  flushing = true;
  try {
    for (const tick of readTicks()) {
      if ((await sendTick(tick)) === 'offline') return;
    }
  } finally {
    flushing = false;
  }
}

// A board read from the server does not hold the queued ticks yet: they are laid on top.
onBoardLoaded((conversationId) => {
  const ticks = readTicks().filter((t) => t.conversation_id === conversationId);
  if (ticks.length) {
    store().update(conversationId, (b) => ticks.reduce(tickLocally, b));
  }
});

// Back online (the socket's `ready`, or the browser's `online`): the queue goes out.
tapFrames((frame) => {
  if (frame.op === 'ready') void flushTicks();
});
if (typeof window !== 'undefined') window.addEventListener('online', () => void flushTicks());
