import type { Kysely } from 'kysely';
import { roleOf } from '@parley/protocol/permissions';
import { canTask } from '@parley/protocol/rules/task-permissions';
import type { TaskAction, TaskActor, TaskOwnership } from '@parley/protocol/rules/task-permissions';
import { MSG } from '@parley/protocol/messages';
import { TASK_MSG } from '@parley/protocol/task-texts';
import { TASK_NOTICE_TYPE } from '@parley/protocol/tasks';
import type { TaskNotice } from '@parley/protocol/tasks';
import type { Clock } from '../../clock';
import { appendUserEvent, eventTransaction } from '../../events/log';
import type { EventPublisher } from '../../events/log';
import { TooManyRequests } from '../../http/http-error';
import type { KeyedLimiter } from '../../http/rate-limit';
import { flag } from '../../store/types';
import type { Database } from '../../store/types';
import type { AccessRow } from '../conversations/queries';
import type { ConversationsService } from '../conversations/service';
import { forbidden, invalid, notFound } from '../groups/access';
import type { MessagesService } from '../messages/service';
import * as q from './queries';

// What every task call shares: who the caller is in the conversation (404
// for non-members, 403 when `canTask` denies), the write transaction (the
// conversation's lock first, like every writer of a conversation), the
// service lines and the assignees' notifications.

export { forbidden, invalid, notFound };

/** An assignment by someone else: the in-app notification's content, and Web Push's hook. */
export interface TaskAssigned {
  user_ids: number[];
  conversation_id: number;
  task_id: number;
  title: string;
  by_user_id: number;
}

export interface TasksDeps {
  db: Kysely<Database>;
  now: Clock;
  publisher: EventPublisher;
  conversations: ConversationsService;
  messages: Pick<MessagesService, 'postServiceLine' | 'visibleTo'>;
  /**
   * The sender's send budget (rate-limit.ts `sendPerUserId`, the one messages
   * spend): creating a group, task or subtask, and every change that posts a
   * service line, takes a turn of it.
   */
  limitSend: KeyedLimiter;
  /**
   * Called after the commit for members newly assigned by someone else (who
   * already got the `task.assigned` user event). Web Push plugs in here; it
   * must not throw.
   */
  onAssigned?: (assigned: TaskAssigned) => void;
}

/** The caller in one conversation. */
export interface Caller {
  row: AccessRow;
  actor: TaskActor;
}

export function createTaskContext(deps: TasksDeps) {
  const { db, now, conversations } = deps;
  const transaction = eventTransaction(db, deps.publisher);

  /** The caller's access to the conversation, or 404. */
  async function caller(userId: number, conversationId: number): Promise<Caller> {
    const row = await conversations.requireAccess(userId, conversationId);
    return { row, actor: { user_id: userId, role: roleOf(row.role), kind: row.type } };
  }

  /** 403 unless `canTask` allows; a change also needs tasks on. */
  function allow(c: Caller, action: TaskAction, task?: TaskOwnership): void {
    if (!canTask(c.actor, action, task)) throw forbidden(TASK_MSG.forbidden);
    const change = action !== 'view' && action !== 'toggle_tasks';
    if (change && !flag(c.row.has_tasks)) throw forbidden(TASK_MSG.tasksOff);
  }

  /**
   * A change of the board: under the conversation's lock, with `at` as its
   * time; raises `tasks_version` (the board cache's key) in the same
   * transaction. Events publish after the commit.
   */
  function write<T>(c: Caller, fn: (trx: Kysely<Database>, at: string) => Promise<T>) {
    return transaction(async (trx) => {
      await conversations.lock(trx, c.row.id);
      await trx
        .updateTable('conversations')
        .set((eb) => ({ tasks_version: eb('tasks_version', '+', 1) }))
        .where('id', '=', c.row.id)
        .execute();
      return fn(trx, now().toISOString());
    });
  }

  /** One turn of the caller's send budget, else 429 with the seconds to wait (Retry-After). */
  async function sendTurn(c: Caller): Promise<void> {
    const wait = await deps.limitSend(String(c.actor.user_id));
    if (wait !== null) throw new TooManyRequests(wait, MSG.tooManyRequests);
  }

  /** A change that may post a service line spends a turn, as a message does, when lines are on. */
  async function lineTurn(c: Caller): Promise<void> {
    if (flag(c.row.task_service_lines)) await sendTurn(c);
  }

  /** 422 on `assignee_ids` unless every id is a present member. */
  async function requireMembers(c: Caller, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const present = await q.presentMembers(db, c.row.id, ids);
    if (ids.some((id) => !present.has(id))) throw invalid('assignee_ids', TASK_MSG.notAMember);
  }

  /** The task service line, when the conversation posts them (inside the change's transaction). */
  async function serviceLine(trx: Kysely<Database>, c: Caller, notice: TaskNotice) {
    if (!flag(c.row.task_service_lines)) return;
    const body = JSON.stringify(notice);
    await deps.messages.postServiceLine(trx, c.row, c.actor.user_id, TASK_NOTICE_TYPE, body);
  }

  /**
   * Members newly assigned by someone else get `task.assigned` (in the
   * change's transaction); `onAssigned` after the commit via the returned callback.
   */
  async function notifyAssigned(
    trx: Kysely<Database>,
    c: Caller,
    task: { id: number; title: string },
    added: number[],
    at: string,
  ): Promise<() => void> {
    const others = added.filter((id) => id !== c.actor.user_id).sort((a, b) => a - b);
    const payload = {
      conversation_id: c.row.id,
      task_id: task.id,
      title: task.title,
      by_user_id: c.actor.user_id,
    };
    for (const id of others) await appendUserEvent(trx, id, 'task.assigned', payload, at);
    return () => {
      if (others.length > 0) deps.onAssigned?.({ ...payload, user_ids: others });
    };
  }

  return {
    db,
    messages: deps.messages,
    transaction,
    caller,
    allow,
    write,
    requireMembers,
    sendTurn,
    lineTurn,
    serviceLine,
    notifyAssigned,
  };
}

export type TaskContext = ReturnType<typeof createTaskContext>;
