import type { Subtask, Task, TaskFields, TaskGroup, TaskGroupFields } from '@parley/protocol/tasks';
import { byOrder } from '@parley/protocol/rules/task-order';
import { flag } from '../../store/types';
import type { AssigneeRow, GroupRow, SubtaskRow, TaskRow } from './queries';

// Task rows → the protocol's records (tasks.ts), and the board put together
// from the four reads of one conversation, sorted the way every client sorts
// (rules/task-order.ts `byOrder`).

export function toGroup(r: GroupRow): TaskGroupFields {
  return {
    id: r.id,
    conversation_id: r.conversation_id,
    name: r.name,
    order: r.sort_key,
    created_at: r.created_at,
    updated_at: r.updated_at,
    versions: { name: r.v_name, position: r.v_position },
  };
}

export function toTaskFields(r: TaskRow, assigneeIds: number[]): TaskFields {
  return {
    id: r.id,
    group_id: r.group_id,
    conversation_id: r.conversation_id,
    title: r.title,
    description: r.description,
    assignee_ids: assigneeIds,
    due_at: r.due_at,
    done: flag(r.done),
    done_by: r.done_by,
    done_at: r.done_at,
    order: r.sort_key,
    message_id: r.message_id,
    created_by: r.created_by,
    created_at: r.created_at,
    updated_at: r.updated_at,
    versions: {
      title: r.v_title,
      description: r.v_description,
      assignee_ids: r.v_assignee_ids,
      due_at: r.v_due_at,
      done: r.v_done,
      position: r.v_position,
    },
  };
}

export function toSubtask(r: SubtaskRow): Subtask {
  return {
    id: r.id,
    task_id: r.task_id,
    text: r.text,
    done: flag(r.done),
    order: r.sort_key,
    updated_at: r.updated_at,
    versions: { text: r.v_text, done: r.v_done, position: r.v_position },
  };
}

export function toTask(r: TaskRow, assigneeIds: number[], subtasks: SubtaskRow[]): Task {
  return { ...toTaskFields(r, assigneeIds), subtasks: subtasks.map(toSubtask).sort(byOrder) };
}

/** Push `value` onto the list of `key`. */
function push<V>(map: Map<number, V[]>, key: number, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The task groups of a board, each with its tasks and their checklists, in order. */
export function toTaskGroups(
  groups: GroupRow[],
  tasks: TaskRow[],
  assignees: AssigneeRow[],
  subtasks: SubtaskRow[],
): TaskGroup[] {
  const assigneesByTask = new Map<number, number[]>();
  for (const a of assignees) push(assigneesByTask, a.task_id, a.user_id);
  const subtasksByTask = new Map<number, SubtaskRow[]>();
  for (const s of subtasks) push(subtasksByTask, s.task_id, s);
  const tasksByGroup = new Map<number, Task[]>();
  for (const t of tasks) {
    const task = toTask(t, assigneesByTask.get(t.id) ?? [], subtasksByTask.get(t.id) ?? []);
    push(tasksByGroup, t.group_id, task);
  }
  return groups
    .map((g) => ({ ...toGroup(g), tasks: (tasksByGroup.get(g.id) ?? []).sort(byOrder) }))
    .sort(byOrder);
}
