import { can } from '../permissions';
import type { Role } from '../permissions';

// Who may do what with a conversation's tasks (docs/PERMISSIONS.md, "Tasks").
// The server refuses what `canTask` denies (403; non-members get 404 before
// any of this); the web reads the same rule to show or hide the controls.
//
// - Direct chats and Saved Messages: both members (the one member) do everything.
// - Groups: the owner and moderators do everything. Other members (and
//   publishers) see the board, create tasks, edit the tasks they own
//   (created by them or assigned to them), tick their own and unassigned
//   ones, and delete the ones they created.
// - Channels: the owner, moderators and publishers do everything on the
//   board; subscribers only see it. Turning tasks on or off, and the
//   service-line switch, are info edits: the owner and moderators.
// - The System chat: nothing to do (it never has tasks).
// Subtasks follow their task: adding, editing, reordering or deleting one is
// `edit_task` on the task, ticking one is `tick_task` on the task.

export const TASK_ACTIONS = [
  'view',
  /** has_tasks and task_service_lines. */
  'toggle_tasks',
  /** Create, rename, reorder and delete task groups. */
  'manage_groups',
  /** Also "Create task from message". */
  'create_task',
  /** Title, description, assignees, due date, move or reorder; the task's subtasks. */
  'edit_task',
  /** Done or open, of the task or of one of its subtasks. */
  'tick_task',
  'delete_task',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export interface TaskActor {
  user_id: number;
  /** The member's role (permissions.ts `roleOf`). */
  role: Role;
  /** The conversation's type. */
  kind: string;
}

/** The part of a task the rule looks at. */
export interface TaskOwnership {
  created_by: number | null;
  assignee_ids: readonly number[];
}

const CHANNEL_EDITORS: readonly Role[] = ['owner', 'moderator', 'publisher'];
const GROUP_ADMINS: readonly Role[] = ['owner', 'moderator'];

/** Whether `actor` may do `action`; `task` is the task acted on (for the per-task actions). */
export function canTask(actor: TaskActor, action: TaskAction, task?: TaskOwnership): boolean {
  const { kind, role } = actor;
  if (kind === 'direct' || kind === 'saved') return true;
  if (kind !== 'group' && kind !== 'channel') return false;
  if (action === 'view') return true;
  if (action === 'toggle_tasks') return can(role, 'edit_info', kind);
  if (kind === 'channel') return CHANNEL_EDITORS.includes(role);
  if (GROUP_ADMINS.includes(role)) return true;
  switch (action) {
    case 'manage_groups':
      return false;
    case 'create_task':
      return true;
    case 'edit_task':
      return task !== undefined && owns(actor.user_id, task);
    case 'tick_task':
      return task !== undefined && (owns(actor.user_id, task) || task.assignee_ids.length === 0);
    case 'delete_task':
      return task !== undefined && task.created_by === actor.user_id;
  }
}

/** Created by the user or assigned to them. */
export function owns(userId: number, task: TaskOwnership): boolean {
  return task.created_by === userId || task.assignee_ids.includes(userId);
}
