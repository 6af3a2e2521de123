import type { Conversation } from '@parley/protocol/conversation';
import { roleOf } from '@parley/protocol/permissions';
import { taskMatches } from '@parley/protocol/rules/task-filters';
import type { TaskFilter } from '@parley/protocol/rules/task-filters';
import type { TaskActor } from '@parley/protocol/rules/task-permissions';
import type { Task, TaskBoard, TaskGroup } from '@parley/protocol/tasks';

// The panel's reading of a board: what the filter leaves, who the viewer is
// to the permission rule, and which `after_id` a keyboard or drag move sends
// (docs/TASKS.md: "move up" on item i is after item i−2, or first).

/** The viewer as the protocol's permission rule (canTask) sees them. */
export function actorOf(conversation: Conversation, userId: number): TaskActor {
  return { user_id: userId, role: roleOf(conversation.pivot.role), kind: conversation.type };
}

export type VisibleGroup = { group: TaskGroup; tasks: Task[] };

/** Every group, with the tasks the filter keeps (in order). */
export function visibleGroups(
  board: TaskBoard,
  filter: TaskFilter,
  userId: number,
  now: Date,
): VisibleGroup[] {
  return board.task_groups.map((group) => ({
    group,
    tasks:
      filter === 'all'
        ? group.tasks
        : group.tasks.filter((t) => taskMatches(t, filter, userId, now)),
  }));
}

/** How many tasks the filter keeps over the whole board. */
export function matchCount(groups: VisibleGroup[]): number {
  return groups.reduce((n, g) => n + g.tasks.length, 0);
}

/**
 * The `after_id` that moves item `index` of `list` one place up (-1) or
 * down (+1); undefined when it is already at that end.
 */
export function afterIdForStep(
  list: readonly { id: number }[],
  index: number,
  step: -1 | 1,
): number | null | undefined {
  if (step === -1) {
    if (index <= 0) return undefined;
    return index >= 2 ? (list[index - 2]?.id ?? null) : null;
  }
  if (index < 0 || index >= list.length - 1) return undefined;
  return list[index + 1]?.id ?? null;
}

/**
 * A drop of item `movingId` just before position `beforeIndex` of `list`
 * (list.length: at the end): the item above the drop point, or null.
 * Undefined when the item would not move.
 */
export function afterIdForDrop(
  list: readonly { id: number }[],
  movingId: number,
  beforeIndex: number,
): number | null | undefined {
  const from = list.findIndex((x) => x.id === movingId);
  if (from >= 0 && (beforeIndex === from || beforeIndex === from + 1)) return undefined;
  const above = beforeIndex - 1;
  return above >= 0 ? (list[above]?.id ?? null) : null;
}

/** The step an Alt+Arrow key asks for, if any. */
export function stepOfKey(event: { altKey: boolean; key: string }): -1 | 1 | null {
  if (!event.altKey) return null;
  if (event.key === 'ArrowUp') return -1;
  if (event.key === 'ArrowDown') return 1;
  return null;
}

/** Whether a task's due instant has passed while it is open. */
export function isOverdue(task: Task, now: Date): boolean {
  return taskMatches(task, 'overdue', 0, now);
}
