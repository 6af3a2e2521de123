import { keyAfter } from '@parley/protocol/rules/task-order';
import { applyTaskChange, editTaskLocally } from '@parley/protocol/sync/tasks';
import type { Subtask, TaskBoard, TaskGroup } from '@parley/protocol/tasks';

// Optimistic edits of groups and subtasks, the way the protocol's
// editTaskLocally does them for tasks: the fields set and their versions
// raised by one, through the same applier, so the server's reply (same or
// higher versions) then changes nothing or settles it.

export function findSubtask(board: TaskBoard, subtaskId: number): Subtask | undefined {
  for (const g of board.task_groups) {
    for (const t of g.tasks) {
      const s = t.subtasks.find((x) => x.id === subtaskId);
      if (s) return s;
    }
  }
  return undefined;
}

export function findTask(board: TaskBoard, taskId: number) {
  for (const g of board.task_groups) {
    const t = g.tasks.find((x) => x.id === taskId);
    if (t) return t;
  }
  return undefined;
}

export function editSubtaskLocally(
  board: TaskBoard,
  subtaskId: number,
  edit: Partial<Pick<Subtask, 'text' | 'done' | 'order'>>,
): TaskBoard {
  const held = findSubtask(board, subtaskId);
  if (!held) return board;
  const v = held.versions;
  const subtask: Subtask = {
    ...held,
    ...edit,
    versions: {
      text: v.text + (edit.text !== undefined ? 1 : 0),
      done: v.done + (edit.done !== undefined ? 1 : 0),
      position: v.position + (edit.order !== undefined ? 1 : 0),
    },
  };
  return applyTaskChange(board, { kind: 'subtask', subtask }).board;
}

export function editGroupLocally(
  board: TaskBoard,
  groupId: number,
  edit: Partial<Pick<TaskGroup, 'name' | 'order'>>,
): TaskBoard {
  const held = board.task_groups.find((g) => g.id === groupId);
  if (!held) return board;
  const { tasks: _tasks, ...fields } = held;
  const group = {
    ...fields,
    ...edit,
    versions: {
      name: held.versions.name + (edit.name !== undefined ? 1 : 0),
      position: held.versions.position + (edit.order !== undefined ? 1 : 0),
    },
  };
  return applyTaskChange(board, { kind: 'group', group }).board;
}

/** A task placed after `afterId` (null: first) in group `groupId`, before the server says so. */
export function moveTaskLocally(
  board: TaskBoard,
  taskId: number,
  groupId: number,
  afterId: number | null,
): TaskBoard {
  const group = board.task_groups.find((g) => g.id === groupId);
  const order = group ? keyAfter(group.tasks, afterId, taskId) : null;
  if (order === null) return board;
  return editTaskLocally(board, taskId, { group_id: groupId, order });
}

export function moveGroupLocally(board: TaskBoard, groupId: number, afterId: number | null) {
  const order = keyAfter(board.task_groups, afterId, groupId);
  return order === null ? board : editGroupLocally(board, groupId, { order });
}

export function moveSubtaskLocally(board: TaskBoard, subtaskId: number, afterId: number | null) {
  const held = findSubtask(board, subtaskId);
  const task = held ? findTask(board, held.task_id) : undefined;
  const order = task ? keyAfter(task.subtasks, afterId, subtaskId) : null;
  return order === null ? board : editSubtaskLocally(board, subtaskId, { order });
}
