import { sql } from 'kysely';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { compiledOnce } from '../../store/compiled-once';
import type { SubtasksTable, TaskGroupsTable, TasksTable } from '../../store/task-tables';
import type { Database } from '../../store/types';
import { flagIs } from '../../store/flag-literal';

// The task tables' reads and writes (0016-tasks). Callers check access and
// hold the conversation's lock for writes (service.ts); nothing here does.

export type GroupRow = Selectable<TaskGroupsTable>;
export type TaskRow = Selectable<TasksTable>;
export type SubtaskRow = Selectable<SubtasksTable>;
export interface AssigneeRow {
  task_id: number;
  user_id: number;
}
/** What sibling order needs: an id and its key. */
export interface KeyRow {
  id: number;
  order: string;
}

// ---- the board: four indexed reads of one conversation, compiled once -----------

export const groupsOf = compiledOnce((db, conversationId: number) =>
  db.selectFrom('task_groups').selectAll().where('conversation_id', '=', conversationId),
);
export const tasksOf = compiledOnce((db, conversationId: number) =>
  db.selectFrom('tasks').selectAll().where('conversation_id', '=', conversationId),
);
export const assigneesOf = compiledOnce((db, conversationId: number) =>
  db
    .selectFrom('task_assignees')
    .select(['task_id', 'user_id'])
    .where('conversation_id', '=', conversationId)
    .orderBy('task_id')
    .orderBy('position'),
);
export const subtasksOf = compiledOnce((db, conversationId: number) =>
  db.selectFrom('subtasks').selectAll().where('conversation_id', '=', conversationId),
);

// ---- single rows ---------------------------------------------------------------

export const findGroup = (db: Kysely<Database>, id: number) =>
  db.selectFrom('task_groups').selectAll().where('id', '=', id).executeTakeFirst();
export const findTask = (db: Kysely<Database>, id: number) =>
  db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
export const findSubtask = (db: Kysely<Database>, id: number) =>
  db.selectFrom('subtasks').selectAll().where('id', '=', id).executeTakeFirst();

export async function assigneesOfTask(db: Kysely<Database>, taskId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('task_assignees')
    .select('user_id')
    .where('task_id', '=', taskId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.user_id);
}

export const subtasksOfTask = (db: Kysely<Database>, taskId: number) =>
  db.selectFrom('subtasks').selectAll().where('task_id', '=', taskId).execute();

// ---- siblings (for order keys and counts) ----------------------------------------

export const groupKeys = (db: Kysely<Database>, conversationId: number): Promise<KeyRow[]> =>
  db
    .selectFrom('task_groups')
    .select(['id', 'sort_key as order'])
    .where('conversation_id', '=', conversationId)
    .execute();
export const taskKeys = (db: Kysely<Database>, groupId: number): Promise<KeyRow[]> =>
  db
    .selectFrom('tasks')
    .select(['id', 'sort_key as order'])
    .where('group_id', '=', groupId)
    .execute();
export const subtaskKeys = (db: Kysely<Database>, taskId: number): Promise<KeyRow[]> =>
  db
    .selectFrom('subtasks')
    .select(['id', 'sort_key as order'])
    .where('task_id', '=', taskId)
    .execute();

/** Which of `userIds` are present members of the conversation. */
export async function presentMembers(
  db: Kysely<Database>,
  conversationId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .where('user_id', 'in', userIds)
    .where('member_status', '=', 'member')
    .where(flagIs('deleted', false))
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

// ---- writes --------------------------------------------------------------------

/** The version columns of a table (`v_<field>`). */
type VersionColumn<T> = Extract<keyof T, `v_${string}`>;

/** `fields`, with the version column of each field in `bump` raised by one. */
function withBumps<T>(fields: Updateable<T>, bump: readonly VersionColumn<T>[]): Updateable<T> {
  const set: Record<string, unknown> = { ...fields };
  for (const column of bump) set[column] = sql`${sql.ref(column)} + 1`;
  return set as Updateable<T>;
}

export async function insertGroup(
  trx: Kysely<Database>,
  row: Insertable<TaskGroupsTable>,
): Promise<number> {
  const r = await trx
    .insertInto('task_groups')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateGroup(
  trx: Kysely<Database>,
  id: number,
  fields: Updateable<TaskGroupsTable>,
  bump: readonly VersionColumn<TaskGroupsTable>[],
): Promise<void> {
  await trx.updateTable('task_groups').set(withBumps(fields, bump)).where('id', '=', id).execute();
}

export async function deleteGroup(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.deleteFrom('task_groups').where('id', '=', id).execute();
}

export async function insertTask(
  trx: Kysely<Database>,
  row: Insertable<TasksTable>,
): Promise<number> {
  const r = await trx.insertInto('tasks').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateTask(
  trx: Kysely<Database>,
  id: number,
  fields: Updateable<TasksTable>,
  bump: readonly VersionColumn<TasksTable>[],
): Promise<void> {
  await trx.updateTable('tasks').set(withBumps(fields, bump)).where('id', '=', id).execute();
}

export async function deleteTask(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.deleteFrom('tasks').where('id', '=', id).execute();
}

/** Replaces a task's assignees, keeping the order given. */
export async function setAssignees(
  trx: Kysely<Database>,
  task: { id: number; conversation_id: number },
  userIds: number[],
): Promise<void> {
  await trx.deleteFrom('task_assignees').where('task_id', '=', task.id).execute();
  if (userIds.length === 0) return;
  await trx
    .insertInto('task_assignees')
    .values(
      userIds.map((user_id, position) => ({
        task_id: task.id,
        conversation_id: task.conversation_id,
        user_id,
        position,
      })),
    )
    .execute();
}

export async function insertSubtask(
  trx: Kysely<Database>,
  row: Insertable<SubtasksTable>,
): Promise<number> {
  const r = await trx.insertInto('subtasks').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateSubtask(
  trx: Kysely<Database>,
  id: number,
  fields: Updateable<SubtasksTable>,
  bump: readonly VersionColumn<SubtasksTable>[],
): Promise<void> {
  await trx.updateTable('subtasks').set(withBumps(fields, bump)).where('id', '=', id).execute();
}

export async function deleteSubtask(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.deleteFrom('subtasks').where('id', '=', id).execute();
}
