import { z } from 'zod';
import { TASK_LIMITS } from './constants';
import { idParamSchema, idSchema } from './ids';
import { TASK_MSG } from './task-texts';

// Tasks in a conversation (spec 1 and 3: Conversation.has_tasks and
// task_groups; Task group {id, name, tasks}; Task {id, group_id, checklist of
// subtasks}; Subtask {id, task_id}). The contract for the web's Tasks panel
// is written out in docs/TASKS.md.
//
// Order: every group, task and subtask has an `order` key made by the
// fractional-indexing library (rules/task-order.ts). Siblings sort by
// (order, id) with plain string comparison; a move changes one row's key.
//
// Conflicts: per-field last-writer-wins. Each editable field has its own
// version in `versions`, raised by one on every change of that field (the
// server serializes writes per conversation). An edit sends only the fields
// it changes, so two people editing different fields of one task both keep
// their change; on the same field the later write wins. Clients apply a
// field from a reply or an event only when its version is higher than the
// one they hold (sync/tasks.ts), so order of arrival does not matter.

const id = z.number().int().positive();

/** Fields of a group, a task and a subtask that carry their own version. */
export const GROUP_FIELDS = ['name', 'position'] as const;
export const TASK_FIELDS = [
  'title',
  'description',
  'assignee_ids',
  'due_at',
  'done',
  'position',
] as const;
export const SUBTASK_FIELDS = ['text', 'done', 'position'] as const;
export type GroupField = (typeof GROUP_FIELDS)[number];
export type TaskField = (typeof TASK_FIELDS)[number];
export type SubtaskField = (typeof SUBTASK_FIELDS)[number];

const version = z.number().int().nonnegative();
const versionsOf = <const F extends readonly string[]>(fields: F) =>
  z.object(
    Object.fromEntries(fields.map((f) => [f, version])) as Record<F[number], typeof version>,
  );

/** An ISO-8601 instant (UTC, `Z`), as the server stores and sends times. */
const instant = z.string();

export const subtaskSchema = z.object({
  id,
  task_id: id,
  text: z.string(),
  done: z.boolean(),
  /** Fractional-index key among the task's subtasks. */
  order: z.string(),
  versions: versionsOf(SUBTASK_FIELDS),
  updated_at: instant,
});
export type Subtask = z.infer<typeof subtaskSchema>;

/** A task without its checklist: what task events carry. */
export const taskFieldsSchema = z.object({
  id,
  group_id: id,
  conversation_id: id,
  title: z.string(),
  /** Plain text, '' when none. */
  description: z.string(),
  /** Members of the conversation, in the order they were given. */
  assignee_ids: z.array(id),
  /**
   * When it is due: an instant (ISO-8601 UTC). The web converts the date and
   * time the user picks in their own time zone (User.timezone) to it; a
   * date without a time is the end of that day (23:59) in that zone.
   */
  due_at: instant.nullable(),
  done: z.boolean(),
  /** Who ticked it and when; null while open. */
  done_by: id.nullable(),
  done_at: instant.nullable(),
  /** Fractional-index key among the group's tasks. */
  order: z.string(),
  /** The message it was made from ("Create task from message"), null otherwise or once deleted. */
  message_id: id.nullable(),
  created_by: id.nullable(),
  created_at: instant,
  updated_at: instant,
  versions: versionsOf(TASK_FIELDS),
});
export type TaskFields = z.infer<typeof taskFieldsSchema>;

/** Spec 3's Task: with its checklist of subtasks, in order. */
export const taskSchema = taskFieldsSchema.extend({ subtasks: z.array(subtaskSchema) });
export type Task = z.infer<typeof taskSchema>;

/** A group without its tasks: what group events carry. */
export const taskGroupFieldsSchema = z.object({
  id,
  conversation_id: id,
  name: z.string(),
  /** Fractional-index key among the conversation's groups. */
  order: z.string(),
  created_at: instant,
  updated_at: instant,
  versions: versionsOf(GROUP_FIELDS),
});
export type TaskGroupFields = z.infer<typeof taskGroupFieldsSchema>;

/** Spec 3's Task group: with its tasks, in order. */
export const taskGroupSchema = taskGroupFieldsSchema.extend({ tasks: z.array(taskSchema) });
export type TaskGroup = z.infer<typeof taskGroupSchema>;

/** The conversation's task settings (Conversation.has_tasks and the service-line switch). */
export const taskSettingsSchema = z.object({
  has_tasks: z.boolean(),
  /** Post a short service line in the chat for each task change. */
  task_service_lines: z.boolean(),
});
export type TaskSettings = z.infer<typeof taskSettingsSchema>;

/**
 * GET …/tasks: the whole board, with the conversation's event seq it is
 * current at (a client applies task events with a higher seq on top).
 */
export const taskBoardSchema = taskSettingsSchema.extend({
  conversation_id: id,
  last_seq: z.number().int().nonnegative(),
  task_groups: z.array(taskGroupSchema),
});
export type TaskBoard = z.infer<typeof taskBoardSchema>;

// ---- requests -----------------------------------------------------------------

const trimmed = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const groupNameSchema = trimmed(
  TASK_LIMITS.groupNameLength,
  TASK_MSG.groupNameRequired,
  TASK_MSG.groupNameTooLong,
);
export const taskTitleSchema = trimmed(
  TASK_LIMITS.titleLength,
  TASK_MSG.titleRequired,
  TASK_MSG.titleTooLong,
);
export const subtaskTextSchema = trimmed(
  TASK_LIMITS.subtaskTextLength,
  TASK_MSG.subtaskTextRequired,
  TASK_MSG.subtaskTextTooLong,
);
const descriptionSchema = z
  .string()
  .trim()
  .max(TASK_LIMITS.descriptionLength, TASK_MSG.descriptionTooLong);
const assigneesSchema = z
  .array(idSchema)
  .max(TASK_LIMITS.assigneesPerTask, TASK_MSG.tooManyAssignees)
  .transform((ids) => [...new Set(ids)]);
/** An instant with `Z` or an offset (`2026-12-01T18:00:00+01:00`); stored as UTC. */
const dueSchema = z.iso
  .datetime({ offset: true, error: TASK_MSG.dueInvalid })
  .transform((s) => new Date(s).toISOString())
  .nullable();
/** Place after this sibling; null: first. Omitted on create: last. */
const afterIdSchema = idSchema.nullable();

export const createGroupRequestSchema = z.object({
  name: groupNameSchema,
  after_id: afterIdSchema.optional(),
});
export const renameGroupRequestSchema = z.object({ name: groupNameSchema });
export const moveGroupRequestSchema = z.object({ after_id: afterIdSchema });

export const createTaskRequestSchema = z.object({
  title: taskTitleSchema,
  description: descriptionSchema.default(''),
  assignee_ids: assigneesSchema.default([]),
  due_at: dueSchema.default(null),
  after_id: afterIdSchema.optional(),
});
/** Only the fields sent change (per-field last-writer-wins); at least one. */
export const editTaskRequestSchema = z
  .object({
    title: taskTitleSchema.optional(),
    description: descriptionSchema.optional(),
    assignee_ids: assigneesSchema.optional(),
    due_at: dueSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), TASK_MSG.nothingToChange);
export type EditTaskRequest = z.output<typeof editTaskRequestSchema>;
/** Reorder within its group, or move to another group of the conversation. */
export const moveTaskRequestSchema = z.object({
  group_id: idSchema.optional(),
  after_id: afterIdSchema,
});
/**
 * A tick. `op_id`: the client's idempotency key for this one operation (a
 * fresh UUID per tick, reused when the same tick is sent again, as a
 * message's uuid is). The server keeps it per user: a tick whose op_id it has
 * already taken changes nothing and replies with the item as stored now, so
 * a replay from an offline queue cannot undo a later change by someone else.
 * Optional for older clients, whose repeated tick is only idempotent on
 * `done` (docs/TASKS.md, "Offline").
 */
export const tickRequestSchema = z.object({ done: z.boolean(), op_id: z.uuid().optional() });
export type TickRequest = z.infer<typeof tickRequestSchema>;

/** Create task from message: into `group_id`; the title defaults to the message's text. */
export const taskFromMessageRequestSchema = z.object({
  group_id: idSchema,
  title: taskTitleSchema.optional(),
});

export const createSubtaskRequestSchema = z.object({
  text: subtaskTextSchema,
  after_id: afterIdSchema.optional(),
});
export const editSubtaskRequestSchema = z.object({ text: subtaskTextSchema });
export const moveSubtaskRequestSchema = z.object({ after_id: afterIdSchema });

/** Either switch or both. */
export const taskSettingsRequestSchema = z
  .object({
    has_tasks: z.boolean().optional(),
    task_service_lines: z.boolean().optional(),
  })
  .refine(
    (b) => b.has_tasks !== undefined || b.task_service_lines !== undefined,
    TASK_MSG.nothingToChange,
  );

export const taskGroupParamsSchema = z.object({ id: idParamSchema });
export const taskParamsSchema = z.object({ id: idParamSchema });
export const subtaskParamsSchema = z.object({ id: idParamSchema });

// ---- service lines ----------------------------------------------------------

/**
 * Message.type of a task service line (when the conversation's
 * task_service_lines is on): a message sent as the member who made the
 * change, whose text is JSON of `taskNoticeSchema`; clients render it as a
 * short sentence ("Ann ticked ‘Book the room’"). Only these changes post
 * one: edits of a title, description, due date or order do not.
 */
export const TASK_NOTICE_TYPE = 'task';
export const TASK_NOTICE_ACTIONS = ['created', 'done', 'reopened', 'assigned', 'deleted'] as const;
export const taskNoticeSchema = z.object({
  action: z.enum(TASK_NOTICE_ACTIONS),
  task_id: id,
  title: z.string(),
  /** `assigned`: who was newly assigned. */
  assignee_ids: z.array(id).optional(),
});
export type TaskNotice = z.infer<typeof taskNoticeSchema>;
