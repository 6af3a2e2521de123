import type { Kysely } from 'kysely';
import { TASK_LIMITS } from '@parley/protocol/constants';
import type { TaskAction } from '@parley/protocol/rules/task-permissions';
import { keyAfter } from '@parley/protocol/rules/task-order';
import { TASK_MSG } from '@parley/protocol/task-texts';
import type { Subtask, SubtaskField, TickRequest } from '@parley/protocol/tasks';
import { appendConversationEvent } from '../../events/log';
import { flag } from '../../store/types';
import type { Database } from '../../store/types';
import type { Caller, TaskContext } from './context';
import { invalid, notFound } from './context';
import { takeOp } from './op-ids';
import * as q from './queries';
import type { createTaskService } from './task-service';
import { toSubtask } from './to-task';

// A task's checklist. Subtasks follow their task's rights
// (rules/task-permissions.ts): adding, editing, reordering and deleting one
// is `edit_task` on the task, ticking one is `tick_task`.

type TaskFor = ReturnType<typeof createTaskService>['taskFor'];

export function createSubtaskService(ctx: TaskContext, taskFor: TaskFor) {
  const { db } = ctx;

  /** A subtask the caller may act on with `action` (on its task); else 404 / 403. */
  async function subtaskFor(userId: number, subtaskId: number, action: TaskAction) {
    const row = await q.findSubtask(db, subtaskId);
    if (!row) throw notFound();
    const { c, own } = await taskFor(userId, row.task_id);
    ctx.allow(c, action, own);
    return { row, c };
  }

  /** `subtask.updated` with the subtask as stored now; the reply. */
  async function updated(
    trx: Kysely<Database>,
    c: Caller,
    subtaskId: number,
    changed: SubtaskField[],
    at: string,
  ): Promise<Subtask> {
    const row = await q.findSubtask(trx, subtaskId);
    if (!row) throw notFound();
    const subtask = toSubtask(row);
    const payload = { user_id: c.actor.user_id, subtask, changed };
    await appendConversationEvent(trx, c.row.id, 'subtask.updated', payload, at);
    return subtask;
  }

  return {
    async create(
      userId: number,
      taskId: number,
      input: { text: string; after_id?: number | null | undefined },
    ): Promise<Subtask> {
      const { c, own } = await taskFor(userId, taskId);
      ctx.allow(c, 'edit_task', own);
      await ctx.sendTurn(c);
      return ctx.write(c, async (trx, at) => {
        if (!(await q.findTask(trx, taskId))) throw notFound();
        const siblings = await q.subtaskKeys(trx, taskId);
        if (siblings.length >= TASK_LIMITS.subtasksPerTask) {
          throw invalid('text', TASK_MSG.tooManySubtasks);
        }
        const order = keyAfter(siblings, input.after_id);
        if (order === null) throw invalid('after_id', TASK_MSG.siblingNotFound);
        const id = await q.insertSubtask(trx, {
          conversation_id: c.row.id,
          task_id: taskId,
          text: input.text,
          done: 0,
          sort_key: order,
          created_at: at,
          updated_at: at,
        });
        const row = await q.findSubtask(trx, id);
        if (!row) throw notFound();
        const subtask = toSubtask(row);
        const payload = { user_id: userId, subtask };
        await appendConversationEvent(trx, c.row.id, 'subtask.created', payload, at);
        return subtask;
      });
    },

    async edit(userId: number, subtaskId: number, text: string): Promise<Subtask> {
      const { row, c } = await subtaskFor(userId, subtaskId, 'edit_task');
      if (row.text === text) return toSubtask(row);
      return ctx.write(c, async (trx, at) => {
        await q.updateSubtask(trx, subtaskId, { text, updated_at: at }, ['v_text']);
        return updated(trx, c, subtaskId, ['text'], at);
      });
    },

    /** A replay of a tick already taken (its op_id) or the same state twice changes nothing. */
    async tick(userId: number, subtaskId: number, input: TickRequest): Promise<Subtask> {
      const { done } = input;
      const { c } = await subtaskFor(userId, subtaskId, 'tick_task');
      return ctx.write(c, async (trx, at) => {
        const now = await q.findSubtask(trx, subtaskId);
        if (!now) throw notFound();
        const op = { kind: 'subtask' as const, targetId: subtaskId, at };
        const fresh = await takeOp(trx, userId, input.op_id, op);
        if (!fresh || flag(now.done) === done) return toSubtask(now);
        await q.updateSubtask(trx, subtaskId, { done: done ? 1 : 0, updated_at: at }, ['v_done']);
        return updated(trx, c, subtaskId, ['done'], at);
      });
    },

    async move(userId: number, subtaskId: number, afterId: number | null): Promise<Subtask> {
      const { row, c } = await subtaskFor(userId, subtaskId, 'edit_task');
      return ctx.write(c, async (trx, at) => {
        const siblings = await q.subtaskKeys(trx, row.task_id);
        const order = afterId === subtaskId ? null : keyAfter(siblings, afterId, subtaskId);
        if (order === null) throw invalid('after_id', TASK_MSG.siblingNotFound);
        await q.updateSubtask(trx, subtaskId, { sort_key: order, updated_at: at }, ['v_position']);
        return updated(trx, c, subtaskId, ['position'], at);
      });
    },

    async remove(userId: number, subtaskId: number): Promise<{ status: 'ok' }> {
      const { row, c } = await subtaskFor(userId, subtaskId, 'edit_task');
      await ctx.write(c, async (trx, at) => {
        if (!(await q.findSubtask(trx, subtaskId))) return;
        await q.deleteSubtask(trx, subtaskId);
        const payload = { user_id: userId, subtask_id: subtaskId, task_id: row.task_id };
        await appendConversationEvent(trx, c.row.id, 'subtask.deleted', payload, at);
      });
      return { status: 'ok' };
    },
  };
}
