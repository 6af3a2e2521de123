import type { Task, TaskBoard } from '../tasks';

// The Tasks panel's filters and the chat header's count, one reading for
// every client. "Overdue": open, with a due instant before `now`.

export const TASK_FILTERS = ['all', 'mine', 'open', 'overdue', 'done'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

export function taskMatches(task: Task, filter: TaskFilter, userId: number, now: Date): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'mine':
      return task.assignee_ids.includes(userId);
    case 'open':
      return !task.done;
    case 'overdue':
      return !task.done && task.due_at !== null && Date.parse(task.due_at) < now.getTime();
    case 'done':
      return task.done;
  }
}

/** Open tasks of a board: the count in the chat header. */
export function openTaskCount(board: Pick<TaskBoard, 'task_groups'>): number {
  let open = 0;
  for (const g of board.task_groups) for (const t of g.tasks) if (!t.done) open += 1;
  return open;
}
