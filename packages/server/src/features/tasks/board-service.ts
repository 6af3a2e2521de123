import type { z } from 'zod';
import { TASK_LIMITS } from '@parley/protocol/constants';
import type { ConversationEventStored } from '@parley/protocol/events/conversation-events';
import { keyAfter } from '@parley/protocol/rules/task-order';
import { TASK_MSG } from '@parley/protocol/task-texts';
import { canTask } from '@parley/protocol/rules/task-permissions';
import type {
  GroupField,
  TaskBoard,
  TaskGroup,
  TaskGroupFields,
  TaskSettings,
  taskSettingsRequestSchema,
} from '@parley/protocol/tasks';
import { appendConversationEvent } from '../../events/log';
import { flag } from '../../store/types';
import { createBoardCache } from './board-cache';
import type { BoardBytes } from './board-cache';
import type { Caller, TaskContext } from './context';
import { invalid, notFound } from './context';
import * as q from './queries';
import { toGroup, toTaskGroups } from './to-task';

// The board as a whole: reading it, its two switches, and its task groups
// (create, rename, move, delete). Each change appends its event in the same
// transaction (docs/TASKS.md).

export function createBoardService(ctx: TaskContext) {
  const { db } = ctx;
  const cache = createBoardCache();

  /** A group the caller can see, with the caller's access; else 404. */
  async function groupFor(userId: number, groupId: number) {
    const group = await q.findGroup(db, groupId);
    if (!group) throw notFound();
    return { group, c: await ctx.caller(userId, group.conversation_id) };
  }

  /** The group as stored now, with its event. */
  async function changed(
    c: Caller,
    trx: typeof db,
    groupId: number,
    fields: GroupField[],
    at: string,
  ): Promise<TaskGroupFields> {
    const row = await q.findGroup(trx, groupId);
    if (!row) throw notFound();
    const group = toGroup(row);
    const payload = { user_id: c.actor.user_id, group, changed: fields };
    await appendConversationEvent(trx, c.row.id, 'task_group.updated', payload, at);
    return group;
  }

  /** The caller's board as bytes, kept or built. */
  function bytesOf(c: Caller): Promise<BoardBytes> {
    const conversationId = c.row.id;
    const envelope = {
      conversation_id: conversationId,
      has_tasks: flag(c.row.has_tasks),
      task_service_lines: flag(c.row.task_service_lines),
      last_seq: c.row.last_seq,
    };
    return cache.bytes(envelope, c.row.tasks_version, async () => {
      const [groups, tasks, assignees, subtasks] = await Promise.all([
        q.groupsOf(db, conversationId),
        q.tasksOf(db, conversationId),
        q.assigneesOf(db, conversationId),
        q.subtasksOf(db, conversationId),
      ]);
      return toTaskGroups(groups, tasks, assignees, subtasks);
    });
  }

  return {
    /**
     * The whole board as reply bytes (board-cache.ts). `last_seq` and
     * `tasks_version` are read with the access row, before the tables: a
     * change committed in between is both in the board and among the events
     * after `last_seq`, which the appliers take twice harmlessly.
     */
    async boardBytes(userId: number, conversationId: number): Promise<BoardBytes> {
      const c = await ctx.caller(userId, conversationId);
      ctx.allow(c, 'view');
      return bytesOf(c);
    },

    /**
     * Conversation.task_groups (spec 3): the board's groups with their tasks
     * and checklists, from the same kept reply as the board; [] where the
     * caller may not see tasks (System). 404 for a non-member.
     */
    async taskGroups(userId: number, conversationId: number): Promise<TaskGroup[]> {
      const c = await ctx.caller(userId, conversationId);
      if (!canTask(c.actor, 'view')) return [];
      const board = JSON.parse((await bytesOf(c)).json.toString('utf8')) as TaskBoard;
      return board.task_groups;
    },

    /** has_tasks and task_service_lines; members learn it by `conversation.info`. */
    async setSettings(
      userId: number,
      conversationId: number,
      input: z.output<typeof taskSettingsRequestSchema>,
    ): Promise<TaskSettings> {
      const c = await ctx.caller(userId, conversationId);
      ctx.allow(c, 'toggle_tasks');
      const now = { has_tasks: flag(c.row.has_tasks), lines: flag(c.row.task_service_lines) };
      const payload: ConversationEventStored<'conversation.info'> = {};
      if (input.has_tasks !== undefined && input.has_tasks !== now.has_tasks) {
        payload.has_tasks = input.has_tasks;
      }
      if (input.task_service_lines !== undefined && input.task_service_lines !== now.lines) {
        payload.task_service_lines = input.task_service_lines;
      }
      if (Object.keys(payload).length > 0) {
        await ctx.write(c, async (trx, at) => {
          const set: { has_tasks?: number; task_service_lines?: number } = {};
          if (payload.has_tasks !== undefined) set.has_tasks = payload.has_tasks ? 1 : 0;
          if (payload.task_service_lines !== undefined) {
            set.task_service_lines = payload.task_service_lines ? 1 : 0;
          }
          await trx.updateTable('conversations').set(set).where('id', '=', c.row.id).execute();
          await appendConversationEvent(trx, c.row.id, 'conversation.info', payload, at);
        });
      }
      return {
        has_tasks: payload.has_tasks ?? now.has_tasks,
        task_service_lines: payload.task_service_lines ?? now.lines,
      };
    },

    async createGroup(
      userId: number,
      conversationId: number,
      input: { name: string; after_id?: number | null | undefined },
    ): Promise<TaskGroupFields> {
      const c = await ctx.caller(userId, conversationId);
      ctx.allow(c, 'manage_groups');
      await ctx.sendTurn(c);
      return ctx.write(c, async (trx, at) => {
        const siblings = await q.groupKeys(trx, c.row.id);
        if (siblings.length >= TASK_LIMITS.groupsPerConversation) {
          throw invalid('name', TASK_MSG.tooManyGroups);
        }
        const order = keyAfter(siblings, input.after_id);
        if (order === null) throw invalid('after_id', TASK_MSG.siblingNotFound);
        const id = await q.insertGroup(trx, {
          conversation_id: c.row.id,
          name: input.name,
          sort_key: order,
          created_by: userId,
          created_at: at,
          updated_at: at,
        });
        const row = await q.findGroup(trx, id);
        if (!row) throw notFound();
        const group = toGroup(row);
        await appendConversationEvent(
          trx,
          c.row.id,
          'task_group.created',
          { user_id: userId, group },
          at,
        );
        return group;
      });
    },

    async renameGroup(userId: number, groupId: number, name: string): Promise<TaskGroupFields> {
      const { group, c } = await groupFor(userId, groupId);
      ctx.allow(c, 'manage_groups');
      if (group.name === name) return toGroup(group);
      return ctx.write(c, async (trx, at) => {
        await q.updateGroup(trx, groupId, { name, updated_at: at }, ['v_name']);
        return changed(c, trx, groupId, ['name'], at);
      });
    },

    async moveGroup(userId: number, groupId: number, afterId: number | null) {
      const { c } = await groupFor(userId, groupId);
      ctx.allow(c, 'manage_groups');
      return ctx.write(c, async (trx, at) => {
        const order = keyAfter(await q.groupKeys(trx, c.row.id), afterId, groupId);
        if (order === null || afterId === groupId) {
          throw invalid('after_id', TASK_MSG.siblingNotFound);
        }
        await q.updateGroup(trx, groupId, { sort_key: order, updated_at: at }, ['v_position']);
        return changed(c, trx, groupId, ['position'], at);
      });
    },

    /** With its tasks and their subtasks (foreign keys); one event for all of it. */
    async deleteGroup(userId: number, groupId: number): Promise<{ status: 'ok' }> {
      const { c } = await groupFor(userId, groupId);
      ctx.allow(c, 'manage_groups');
      await ctx.write(c, async (trx, at) => {
        await q.deleteGroup(trx, groupId);
        const payload = { user_id: userId, group_id: groupId };
        await appendConversationEvent(trx, c.row.id, 'task_group.deleted', payload, at);
      });
      return { status: 'ok' };
    },
  };
}
