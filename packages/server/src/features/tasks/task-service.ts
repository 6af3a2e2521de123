import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import { TASK_LIMITS } from '@parley/protocol/constants';
import { oneLine } from '@parley/protocol/rules/message-line';
import { keyAfter } from '@parley/protocol/rules/task-order';
import { TASK_MSG } from '@parley/protocol/task-texts';
import type {
  createTaskRequestSchema,
  EditTaskRequest,
  Task,
  TaskField,
  TickRequest,
} from '@parley/protocol/tasks';
import { appendConversationEvent } from '../../events/log';
import type { TasksTable } from '../../store/task-tables';
import { flag } from '../../store/types';
import type { Database } from '../../store/types';
import type { Caller, TaskContext } from './context';
import { invalid, notFound } from './context';
import { taskTextOfMessage } from './message-text';
import { takeOp } from './op-ids';
import * as q from './queries';
import { toTask } from './to-task';

// Tasks: create (also from a message), edit, move, tick, delete. An edit
// writes only the fields that change and raises only their versions
// (docs/TASKS.md, "Conflicts"); a call that changes nothing appends nothing.

type CreateInput = z.output<typeof createTaskRequestSchema>;

const withoutSubtasks = ({ subtasks, ...fields }: Task) => (void subtasks, fields);

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** A message's plain text as a task title: one line, cut to the limit; null when empty. */
export function titleFromMessage(plain: string): string | null {
  const line = oneLine(plain).trim();
  if (line === '') return null;
  return line.length <= TASK_LIMITS.titleLength
    ? line
    : `${line.slice(0, TASK_LIMITS.titleLength - 1)}…`;
}

export function createTaskService(ctx: TaskContext) {
  const { db } = ctx;

  /** A task the caller can see, with its assignees and the caller's access; else 404. */
  async function taskFor(userId: number, taskId: number) {
    const row = await q.findTask(db, taskId);
    if (!row) throw notFound();
    const c = await ctx.caller(userId, row.conversation_id);
    const assignee_ids = await q.assigneesOfTask(db, taskId);
    return { row, c, own: { created_by: row.created_by, assignee_ids } };
  }

  /** The whole task as stored now (inside `trx`). */
  async function load(trx: Kysely<Database>, taskId: number): Promise<Task> {
    const row = await q.findTask(trx, taskId);
    if (!row) throw notFound();
    const [assignees, subtasks] = await Promise.all([
      q.assigneesOfTask(trx, taskId),
      q.subtasksOfTask(trx, taskId),
    ]);
    return toTask(row, assignees, subtasks);
  }

  /** `task.updated` with the task as stored now; the reply. */
  async function updated(
    trx: Kysely<Database>,
    c: Caller,
    taskId: number,
    changed: TaskField[],
    at: string,
  ): Promise<Task> {
    const task = await load(trx, taskId);
    const payload = { user_id: c.actor.user_id, task: withoutSubtasks(task), changed };
    await appendConversationEvent(trx, c.row.id, 'task.updated', payload, at);
    return task;
  }

  /** Inserts a task at `after_id` (last when omitted) of a group; its event and lines. */
  async function insert(
    c: Caller,
    groupId: number,
    input: CreateInput & { message_id?: number },
  ): Promise<Task> {
    await ctx.requireMembers(c, input.assignee_ids);
    let after = () => undefined as void;
    const task = await ctx.write(c, async (trx, at) => {
      const siblings = await q.taskKeys(trx, groupId);
      if (siblings.length >= TASK_LIMITS.tasksPerGroup) {
        throw invalid('title', TASK_MSG.tooManyTasks);
      }
      const order = keyAfter(siblings, input.after_id);
      if (order === null) throw invalid('after_id', TASK_MSG.siblingNotFound);
      const id = await q.insertTask(trx, {
        conversation_id: c.row.id,
        group_id: groupId,
        title: input.title,
        description: input.description,
        due_at: input.due_at,
        done: 0,
        done_by: null,
        done_at: null,
        sort_key: order,
        message_id: input.message_id ?? null,
        created_by: c.actor.user_id,
        created_at: at,
        updated_at: at,
      });
      await q.setAssignees(trx, { id, conversation_id: c.row.id }, input.assignee_ids);
      const created = await q.findTask(trx, id);
      if (!created) throw notFound();
      const task = toTask(created, input.assignee_ids, []);
      const payload = { user_id: c.actor.user_id, task };
      await appendConversationEvent(trx, c.row.id, 'task.created', payload, at);
      const notice = { action: 'created' as const, task_id: id, title: task.title };
      await ctx.serviceLine(trx, c, { ...notice, assignee_ids: input.assignee_ids });
      after = await ctx.notifyAssigned(trx, c, task, input.assignee_ids, at);
      return task;
    });
    after();
    return task;
  }

  return {
    async create(userId: number, groupId: number, input: CreateInput): Promise<Task> {
      const group = await q.findGroup(db, groupId);
      if (!group) throw notFound();
      const c = await ctx.caller(userId, group.conversation_id);
      ctx.allow(c, 'create_task');
      await ctx.sendTurn(c);
      return insert(c, groupId, input);
    },

    /** "Create task from message": the message's conversation, a group of it, a link back. */
    async fromMessage(
      userId: number,
      messageId: number,
      input: { group_id: number; title?: string | undefined },
    ): Promise<Task> {
      const message = await ctx.messages.visibleTo(userId, messageId);
      const c = await ctx.caller(userId, message.conversation_id);
      ctx.allow(c, 'create_task');
      const group = await q.findGroup(db, input.group_id);
      if (group?.conversation_id !== c.row.id) throw invalid('group_id', TASK_MSG.groupNotFound);
      await ctx.sendTurn(c);
      // The words without formatting markers, a spoiler as its mask: the
      // task is seen by members who never revealed it (message-text.ts).
      const whole = taskTextOfMessage(message.message);
      const title = input.title ?? titleFromMessage(whole);
      if (title === null) throw invalid('title', TASK_MSG.messageEmpty);
      // A long message keeps its whole text in the description.
      const description =
        whole.length > TASK_LIMITS.descriptionLength || whole === title ? '' : whole;
      return insert(c, group.id, {
        title,
        description,
        assignee_ids: [],
        due_at: null,
        message_id: message.id,
      });
    },

    async edit(userId: number, taskId: number, input: EditTaskRequest): Promise<Task> {
      const { row, c, own } = await taskFor(userId, taskId);
      ctx.allow(c, 'edit_task', own);
      if (input.assignee_ids) await ctx.requireMembers(c, input.assignee_ids);
      // New assignees get a service line.
      if (input.assignee_ids) await ctx.lineTurn(c);
      let after = () => undefined as void;
      const task = await ctx.write(c, async (trx, at) => {
        const set: Updateable<TasksTable> = {};
        const changed: TaskField[] = [];
        if (input.title !== undefined && input.title !== row.title) {
          set.title = input.title;
          changed.push('title');
        }
        if (input.description !== undefined && input.description !== row.description) {
          set.description = input.description;
          changed.push('description');
        }
        if (input.due_at !== undefined && input.due_at !== row.due_at) {
          set.due_at = input.due_at;
          changed.push('due_at');
        }
        const held = await q.assigneesOfTask(trx, taskId);
        const assignees = input.assignee_ids;
        const added = assignees ? assignees.filter((id) => !held.includes(id)) : [];
        if (assignees && !sameIds(assignees, held)) {
          await q.setAssignees(trx, row, assignees);
          changed.push('assignee_ids');
        }
        if (changed.length === 0) return load(trx, taskId);
        const bump = changed.map((f) => `v_${f}` as const);
        await q.updateTask(trx, taskId, { ...set, updated_at: at }, bump);
        const task = await updated(trx, c, taskId, changed, at);
        if (added.length > 0) {
          const notice = { action: 'assigned' as const, task_id: taskId, title: task.title };
          await ctx.serviceLine(trx, c, { ...notice, assignee_ids: added });
          after = await ctx.notifyAssigned(trx, c, task, added, at);
        }
        return task;
      });
      after();
      return task;
    },

    /** Reorder in its group, or move to another group of the conversation. */
    async move(
      userId: number,
      taskId: number,
      input: { group_id?: number | undefined; after_id: number | null },
    ): Promise<Task> {
      const { row, c, own } = await taskFor(userId, taskId);
      ctx.allow(c, 'edit_task', own);
      const groupId = input.group_id ?? row.group_id;
      if (groupId !== row.group_id) {
        const target = await q.findGroup(db, groupId);
        if (target?.conversation_id !== c.row.id) {
          throw invalid('group_id', TASK_MSG.groupNotFound);
        }
      }
      return ctx.write(c, async (trx, at) => {
        const siblings = await q.taskKeys(trx, groupId);
        const moving = siblings.filter((s) => s.id !== taskId);
        if (groupId !== row.group_id && moving.length >= TASK_LIMITS.tasksPerGroup) {
          throw invalid('group_id', TASK_MSG.tooManyTasks);
        }
        const order = input.after_id === taskId ? null : keyAfter(moving, input.after_id);
        if (order === null) throw invalid('after_id', TASK_MSG.siblingNotFound);
        const set = { group_id: groupId, sort_key: order, updated_at: at };
        await q.updateTask(trx, taskId, set, ['v_position']);
        return updated(trx, c, taskId, ['position'], at);
      });
    },

    /**
     * Done or open again. A replay of a tick already taken (its op_id) or the
     * same state twice changes nothing (op-ids.ts, docs/TASKS.md "Offline").
     */
    async tick(userId: number, taskId: number, input: TickRequest): Promise<Task> {
      const { done } = input;
      const { row, c, own } = await taskFor(userId, taskId);
      ctx.allow(c, 'tick_task', own);
      await ctx.lineTurn(c);
      return ctx.write(c, async (trx, at) => {
        const now = await q.findTask(trx, taskId);
        if (!now) throw notFound();
        const fresh = await takeOp(trx, userId, input.op_id, {
          kind: 'task',
          targetId: taskId,
          at,
        });
        if (!fresh || flag(now.done) === done) return load(trx, taskId);
        const set = done
          ? { done: 1, done_by: userId, done_at: at, updated_at: at }
          : { done: 0, done_by: null, done_at: null, updated_at: at };
        await q.updateTask(trx, taskId, set, ['v_done']);
        const task = await updated(trx, c, taskId, ['done'], at);
        const action = done ? ('done' as const) : ('reopened' as const);
        await ctx.serviceLine(trx, c, { action, task_id: taskId, title: row.title });
        return task;
      });
    },

    /** With its assignees and subtasks (foreign keys). */
    async remove(userId: number, taskId: number): Promise<{ status: 'ok' }> {
      const { row, c, own } = await taskFor(userId, taskId);
      ctx.allow(c, 'delete_task', own);
      await ctx.lineTurn(c);
      await ctx.write(c, async (trx, at) => {
        if (!(await q.findTask(trx, taskId))) return;
        await q.deleteTask(trx, taskId);
        const payload = { user_id: userId, task_id: taskId, group_id: row.group_id };
        await appendConversationEvent(trx, c.row.id, 'task.deleted', payload, at);
        await ctx.serviceLine(trx, c, { action: 'deleted', task_id: taskId, title: row.title });
      });
      return { status: 'ok' };
    },

    /** For the subtasks: a task the caller can see and its ownership, else 404. */
    taskFor,
  };
}
