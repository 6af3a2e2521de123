import { z } from 'zod';
import {
  GROUP_FIELDS,
  SUBTASK_FIELDS,
  TASK_FIELDS,
  subtaskSchema,
  taskFieldsSchema,
  taskGroupFieldsSchema,
  taskSchema,
} from '../tasks';

// Task events on the conversation's log (docs/REALTIME.md, "Payloads"; the
// appliers: sync/tasks.ts). Each carries the whole changed record as stored
// after the change, with its per-field versions, so a client applies it
// without a fetch and, field by field, only where the version is newer.
// `user_id`: who made the change. `changed`: which versioned fields this
// change raised (what the panel may highlight). The stored payload is the
// frame's payload: the publisher loads nothing for them.

const id = z.number().int().positive();

export const taskEventPayloads = {
  'task_group.created': z.object({ user_id: id, group: taskGroupFieldsSchema }),
  /** Renamed or moved. */
  'task_group.updated': z.object({
    user_id: id,
    group: taskGroupFieldsSchema,
    changed: z.array(z.enum(GROUP_FIELDS)),
  }),
  /** With all its tasks and their subtasks. */
  'task_group.deleted': z.object({ user_id: id, group_id: id }),
  /** With its checklist (empty when new). */
  'task.created': z.object({ user_id: id, task: taskSchema }),
  /** Edited, ticked, moved or reordered; `task.group_id` is where it is now. */
  'task.updated': z.object({
    user_id: id,
    task: taskFieldsSchema,
    changed: z.array(z.enum(TASK_FIELDS)),
  }),
  'task.deleted': z.object({ user_id: id, task_id: id, group_id: id }),
  'subtask.created': z.object({ user_id: id, subtask: subtaskSchema }),
  'subtask.updated': z.object({
    user_id: id,
    subtask: subtaskSchema,
    changed: z.array(z.enum(SUBTASK_FIELDS)),
  }),
  'subtask.deleted': z.object({ user_id: id, subtask_id: id, task_id: id }),
};

export type TaskEventType = keyof typeof taskEventPayloads;
export const TASK_EVENT_TYPES = Object.keys(taskEventPayloads) as readonly TaskEventType[];
