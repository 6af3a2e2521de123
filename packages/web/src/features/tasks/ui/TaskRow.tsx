import type { DragEvent } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@parley/protocol/rules/format-date';
import type { Task } from '@parley/protocol/tasks';
import { Avatar } from '../../../ui/Avatar';
import { taskActions } from '../actions';
import { useTaskPanel } from '../panel-store';
import { afterIdForStep, isOverdue, stepOfKey } from '../view';
import type { PanelContext } from './context';
import { TaskDetails } from './TaskDetails';

type DragProps = {
  draggable: boolean;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent) => void;
};

/** One task: its tick, title and what is due or assigned; opens to its details and checklist. */
export function TaskRow({
  task,
  index,
  siblings,
  ctx,
  focus,
  expanded,
  onExpand,
  drag,
  dropBefore,
}: {
  task: Task;
  index: number;
  siblings: readonly Task[];
  ctx: PanelContext;
  /** Bring into view and open (a task made from a message, or named by a notification). */
  focus: boolean;
  expanded: boolean;
  onExpand: (on: boolean) => void;
  drag: DragProps;
  dropBefore: boolean;
}) {
  const { t } = useTranslation();
  const mayTick = ctx.may('tick_task', task);
  const mayEdit = ctx.may('edit_task', task);
  const titleRef = useRef<HTMLButtonElement>(null);
  const overdue = isOverdue(task, new Date());
  const doneCount = task.subtasks.filter((s) => s.done).length;
  const people = ctx.members.filter((m) => task.assignee_ids.includes(m.id));

  // A task made from a message just now (or named by a notification): bring it into view, open.
  useEffect(() => {
    if (!focus) return;
    onExpand(true);
    titleRef.current?.scrollIntoView({ block: 'center' });
    titleRef.current?.focus();
    useTaskPanel.getState().focused();
  }, [focus, onExpand]);

  return (
    <li
      className={`tasks-task${task.done ? ' is-done' : ''}${dropBefore ? ' is-drop-before' : ''}${expanded ? ' is-expanded' : ''}`}
      data-testid="task"
      data-task-id={task.id}
      {...drag}
      onKeyDown={(event) => {
        const step = stepOfKey(event);
        if (!step || (event.target as HTMLElement).closest('input, textarea, .tasks-details'))
          return;
        event.preventDefault();
        const afterId = afterIdForStep(siblings, index, step);
        if (mayEdit && afterId !== undefined) {
          void taskActions.moveTask(ctx.conversationId, task.id, task.group_id, afterId);
        }
      }}
    >
      <div className="tasks-task-row">
        <input
          type="checkbox"
          className="tasks-check"
          checked={task.done}
          disabled={!mayTick}
          aria-label={t(task.done ? 'tasks.reopen' : 'tasks.tick', { title: task.title })}
          data-testid="task-done"
          onChange={(event) =>
            void taskActions.tick({
              kind: 'task',
              id: task.id,
              conversation_id: ctx.conversationId,
              done: event.target.checked,
            })
          }
        />
        <button
          ref={titleRef}
          type="button"
          className="tasks-task-title"
          aria-expanded={expanded}
          aria-keyshortcuts={mayEdit ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
          onClick={() => onExpand(!expanded)}
          data-testid="task-title"
        >
          <span className="tasks-task-text" data-testid="task-text">
            {task.title}
          </span>
          <span className="tasks-task-meta">
            {task.due_at ? (
              <span className={`tasks-due${overdue ? ' is-overdue' : ''}`} data-testid="task-due">
                {overdue ? `${t('tasks.filter.overdue')} · ` : ''}
                {formatDateTime(task.due_at, ctx.timeZone)}
              </span>
            ) : null}
            {task.subtasks.length ? (
              <span
                className="tasks-progress"
                aria-label={t('tasks.checklistProgress', {
                  done: doneCount,
                  count: task.subtasks.length,
                })}
              >
                ☑ {doneCount}/{task.subtasks.length}
              </span>
            ) : null}
            {task.message_id !== null ? (
              <span aria-label={t('tasks.fromMessageMark')}>↩</span>
            ) : null}
          </span>
        </button>
        {people.length ? (
          <span className="tasks-assignees" aria-label={people.map((p) => p.name).join(', ')}>
            {people.slice(0, 3).map((p) => (
              <Avatar key={p.id} id={p.id} name={p.name} src={p.avatar} size={22} initials />
            ))}
          </span>
        ) : null}
      </div>
      {expanded ? <TaskDetails task={task} ctx={ctx} onDeleted={() => onExpand(false)} /> : null}
    </li>
  );
}
