import type { Subtask, Task, TaskBoard, TaskGroup } from '@parley/protocol/tasks';

// A small task board shaped like the server's reply, for the panel's tests.

const at = '2026-11-01T10:00:00.000Z';

export function subtask(
  id: number,
  taskId: number,
  order: string,
  over: Partial<Subtask> = {},
): Subtask {
  return {
    id,
    task_id: taskId,
    text: `item ${id}`,
    done: false,
    order,
    updated_at: at,
    versions: { text: 1, done: 0, position: 1 },
    ...over,
  };
}

export function task(id: number, groupId: number, order: string, over: Partial<Task> = {}): Task {
  return {
    id,
    group_id: groupId,
    conversation_id: 5,
    title: `task ${id}`,
    description: '',
    assignee_ids: [],
    due_at: null,
    done: false,
    done_by: null,
    done_at: null,
    order,
    message_id: null,
    created_by: 7,
    created_at: at,
    updated_at: at,
    versions: { title: 1, description: 1, assignee_ids: 1, due_at: 1, done: 0, position: 1 },
    subtasks: [],
    ...over,
  };
}

export function group(id: number, order: string, tasks: Task[], name = `group ${id}`): TaskGroup {
  return {
    id,
    conversation_id: 5,
    name,
    order,
    created_at: at,
    updated_at: at,
    versions: { name: 1, position: 1 },
    tasks,
  };
}

export function board(groups: TaskGroup[], last_seq = 10): TaskBoard {
  return {
    conversation_id: 5,
    has_tasks: true,
    task_service_lines: false,
    last_seq,
    task_groups: groups,
  };
}
