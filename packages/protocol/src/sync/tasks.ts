import type { ConversationEventFrame } from '../realtime';
import { byOrder } from '../rules/task-order';
import type { Subtask, Task, TaskBoard, TaskFields, TaskGroup, TaskGroupFields } from '../tasks';

// The task board of one conversation as a client holds it: exactly the
// reply of GET /user/conversations/:id/tasks, changed by
// - `applyTaskFrame`: a realtime event of that conversation (seq order);
// - `applyTaskChange`: the reply of the caller's own call (a local commit).
// Both are pure and idempotent. A record is merged field by field: a field
// (with the versioned fields of tasks.ts) is taken only when its version is
// higher than the one held, so an echo, a late reply or an older event
// changes nothing, and two edits of different fields both stay (tasks.ts,
// "Conflicts"). The web's panel and the server's sync-equivalence suite run
// this code.

/** One change to a board, as a reply or an event carries it. */
export type TaskChange =
  | { kind: 'group'; group: TaskGroupFields }
  | { kind: 'group_deleted'; group_id: number }
  | { kind: 'task'; task: TaskFields | Task }
  | { kind: 'task_deleted'; task_id: number }
  | { kind: 'subtask'; subtask: Subtask }
  | { kind: 'subtask_deleted'; subtask_id: number; task_id: number }
  | { kind: 'settings'; has_tasks?: boolean; task_service_lines?: boolean };

export interface TaskOutcome {
  board: TaskBoard;
  /** The change could not be applied from what is held (a group not held): fetch the board. */
  refetch: boolean;
}

const newer = (incoming: number, held: number) => incoming > held;

function sorted<T extends { id: number; order: string }>(items: T[]): T[] {
  return items.sort(byOrder);
}

function mergeGroup(held: TaskGroup, g: TaskGroupFields): TaskGroup {
  const v = held.versions;
  const name = newer(g.versions.name, v.name);
  const position = newer(g.versions.position, v.position);
  if (!name && !position) return held;
  return {
    ...held,
    ...(name ? { name: g.name } : {}),
    ...(position ? { order: g.order } : {}),
    updated_at: g.updated_at > held.updated_at ? g.updated_at : held.updated_at,
    versions: {
      name: Math.max(g.versions.name, v.name),
      position: Math.max(g.versions.position, v.position),
    },
  };
}

/** The held task with the incoming one's newer fields; its checklist stays as held. */
function mergeTask(held: Task, t: TaskFields): Task {
  const v = held.versions;
  const w = t.versions;
  const next: Task = { ...held, versions: { ...v } };
  let changed = false;
  const take = <K extends keyof typeof v>(field: K, copy: () => void) => {
    if (!newer(w[field], v[field])) return;
    copy();
    next.versions[field] = w[field];
    changed = true;
  };
  take('title', () => (next.title = t.title));
  take('description', () => (next.description = t.description));
  take('assignee_ids', () => (next.assignee_ids = t.assignee_ids));
  take('due_at', () => (next.due_at = t.due_at));
  take('done', () => Object.assign(next, { done: t.done, done_by: t.done_by, done_at: t.done_at }));
  take('position', () => Object.assign(next, { group_id: t.group_id, order: t.order }));
  if (!changed) return held;
  if (t.updated_at > next.updated_at) next.updated_at = t.updated_at;
  return next;
}

function mergeSubtask(held: Subtask, s: Subtask): Subtask {
  const v = held.versions;
  const w = s.versions;
  const text = newer(w.text, v.text);
  const done = newer(w.done, v.done);
  const position = newer(w.position, v.position);
  if (!text && !done && !position) return held;
  return {
    ...held,
    ...(text ? { text: s.text } : {}),
    ...(done ? { done: s.done } : {}),
    ...(position ? { order: s.order } : {}),
    updated_at: s.updated_at > held.updated_at ? s.updated_at : held.updated_at,
    versions: {
      text: Math.max(w.text, v.text),
      done: Math.max(w.done, v.done),
      position: Math.max(w.position, v.position),
    },
  };
}

/** Where a task is held: its group's index and its own. */
function locate(board: TaskBoard, taskId: number): [number, number] | null {
  for (let g = 0; g < board.task_groups.length; g += 1) {
    const t = board.task_groups[g]?.tasks.findIndex((x) => x.id === taskId) ?? -1;
    if (t >= 0) return [g, t];
  }
  return null;
}

function withGroups(board: TaskBoard, groups: TaskGroup[]): TaskBoard {
  return { ...board, task_groups: groups };
}

/** The board with task `taskId` replaced by `fn(task)` (null: removed). */
function mapTask(board: TaskBoard, taskId: number, fn: (t: Task) => Task | null): TaskBoard {
  const at = locate(board, taskId);
  if (!at) return board;
  const groups = [...board.task_groups];
  const group = groups[at[0]] as TaskGroup;
  const tasks = [...group.tasks];
  const next = fn(tasks[at[1]] as Task);
  if (next === tasks[at[1]]) return board;
  if (next) tasks[at[1]] = next;
  else tasks.splice(at[1], 1);
  groups[at[0]] = { ...group, tasks };
  return withGroups(board, groups);
}

function putTask(board: TaskBoard, incoming: TaskFields | Task): TaskOutcome {
  const at = locate(board, incoming.id);
  const held = at ? board.task_groups[at[0]]?.tasks[at[1]] : undefined;
  const merged = held
    ? mergeTask(held, incoming)
    : { ...incoming, subtasks: sorted([...('subtasks' in incoming ? incoming.subtasks : [])]) };
  if (merged === held) return { board, refetch: false };
  const target = board.task_groups.findIndex((g) => g.id === merged.group_id);
  if (target < 0) return { board, refetch: true };
  const groups = board.task_groups.map((g) => {
    const kept = g.tasks.filter((t) => t.id !== merged.id);
    if (g.id !== merged.group_id) return kept.length === g.tasks.length ? g : { ...g, tasks: kept };
    return { ...g, tasks: sorted([...kept, merged]) };
  });
  return { board: withGroups(board, groups), refetch: false };
}

function putGroup(board: TaskBoard, incoming: TaskGroupFields): TaskBoard {
  const held = board.task_groups.find((g) => g.id === incoming.id);
  const merged = held ? mergeGroup(held, incoming) : { ...incoming, tasks: [] };
  if (merged === held) return board;
  const others = board.task_groups.filter((g) => g.id !== incoming.id);
  return withGroups(board, sorted([...others, merged]));
}

function putSubtask(board: TaskBoard, s: Subtask): TaskOutcome {
  if (!locate(board, s.task_id)) return { board, refetch: true };
  const next = mapTask(board, s.task_id, (t) => {
    const held = t.subtasks.find((x) => x.id === s.id);
    const merged = held ? mergeSubtask(held, s) : s;
    if (merged === held) return t;
    return { ...t, subtasks: sorted([...t.subtasks.filter((x) => x.id !== s.id), merged]) };
  });
  return { board: next, refetch: false };
}

/** A local commit (the reply of the caller's own call) or one event's change. */
export function applyTaskChange(board: TaskBoard, change: TaskChange): TaskOutcome {
  const kept = (next: TaskBoard): TaskOutcome => ({ board: next, refetch: false });
  switch (change.kind) {
    case 'group':
      return kept(putGroup(board, change.group));
    case 'group_deleted': {
      const groups = board.task_groups.filter((g) => g.id !== change.group_id);
      return kept(groups.length === board.task_groups.length ? board : withGroups(board, groups));
    }
    case 'task':
      return putTask(board, change.task);
    case 'task_deleted':
      return kept(mapTask(board, change.task_id, () => null));
    case 'subtask':
      return putSubtask(board, change.subtask);
    case 'subtask_deleted':
      return kept(
        mapTask(board, change.task_id, (t) =>
          t.subtasks.some((s) => s.id === change.subtask_id)
            ? { ...t, subtasks: t.subtasks.filter((s) => s.id !== change.subtask_id) }
            : t,
        ),
      );
    case 'settings': {
      const next = { ...board };
      if (change.has_tasks !== undefined) next.has_tasks = change.has_tasks;
      if (change.task_service_lines !== undefined)
        next.task_service_lines = change.task_service_lines;
      return kept(next);
    }
  }
}

/** The change a conversation event makes to the board; null: none. */
export function taskChangeOf(frame: ConversationEventFrame): TaskChange | null {
  switch (frame.type) {
    case 'task_group.created':
    case 'task_group.updated':
      return { kind: 'group', group: frame.payload.group };
    case 'task_group.deleted':
      return { kind: 'group_deleted', group_id: frame.payload.group_id };
    case 'task.created':
    case 'task.updated':
      return { kind: 'task', task: frame.payload.task };
    case 'task.deleted':
      return { kind: 'task_deleted', task_id: frame.payload.task_id };
    case 'subtask.created':
    case 'subtask.updated':
      return { kind: 'subtask', subtask: frame.payload.subtask };
    case 'subtask.deleted':
      return { kind: 'subtask_deleted', ...frame.payload };
    case 'conversation.info': {
      const { has_tasks: hasTasks, task_service_lines: lines } = frame.payload;
      if (hasTasks === undefined && lines === undefined) return null;
      return {
        kind: 'settings',
        ...(hasTasks !== undefined ? { has_tasks: hasTasks } : {}),
        ...(lines !== undefined ? { task_service_lines: lines } : {}),
      };
    }
    default:
      return null;
  }
}

/**
 * A realtime event of the board's conversation, in seq order. Seqs at or
 * below the board's `last_seq` are already in it. Every conversation event
 * may be passed (those about other things only move `last_seq`).
 */
export function applyTaskFrame(board: TaskBoard, frame: ConversationEventFrame): TaskOutcome {
  if (frame.conversation_id !== board.conversation_id || frame.seq <= board.last_seq) {
    return { board, refetch: false };
  }
  const change = taskChangeOf(frame);
  const outcome = change ? applyTaskChange(board, change) : { board, refetch: false };
  return { board: { ...outcome.board, last_seq: frame.seq }, refetch: outcome.refetch };
}

/** The fields of a task a local (optimistic) edit may set before the reply comes. */
export type LocalTaskEdit = Partial<
  Pick<Task, 'title' | 'description' | 'assignee_ids' | 'due_at' | 'done' | 'group_id' | 'order'>
>;

/**
 * An optimistic edit: the fields set, each edited field's version raised by
 * one. The server's reply (same or higher versions) then changes nothing or
 * replaces it; a concurrent edit that reached the server first carries the
 * same version and is ignored, as the server applied ours after it. On a
 * refused call, fetch the board again.
 */
export function editTaskLocally(board: TaskBoard, taskId: number, edit: LocalTaskEdit): TaskBoard {
  const at = locate(board, taskId);
  const held = at ? board.task_groups[at[0]]?.tasks[at[1]] : undefined;
  if (!held) return board;
  const versions = { ...held.versions };
  const bump = (field: keyof typeof versions, on: boolean) => {
    if (on) versions[field] += 1;
  };
  bump('title', edit.title !== undefined);
  bump('description', edit.description !== undefined);
  bump('assignee_ids', edit.assignee_ids !== undefined);
  bump('due_at', edit.due_at !== undefined);
  bump('done', edit.done !== undefined);
  bump('position', edit.group_id !== undefined || edit.order !== undefined);
  return putTask(board, { ...held, ...edit, versions }).board;
}
