import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TASK_LIMITS } from '@parley/protocol/constants';
import type { Task } from '@parley/protocol/tasks';
import { AccountBadge } from '../../../ui/AccountBadge';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { taskActions } from '../actions';
import { dueInputs, dueInstant } from '../due';
import { useTasksStore } from '../store';
import { Checklist } from './Checklist';
import type { PanelContext } from './context';
import { InlineEdit } from './InlineEdit';

/** An open task: title, description, assignees, due date, group, its message, checklist, delete. */
export function TaskDetails({
  task,
  ctx,
  onDeleted,
}: {
  task: Task;
  ctx: PanelContext;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const cid = ctx.conversationId;
  const mayEdit = ctx.may('edit_task', task);
  const mayDelete = ctx.may('delete_task', task);
  const groups = useTasksStore((s) => s.boards[cid]?.task_groups ?? []);
  const [confirming, setConfirming] = useState(false);
  const due = dueInputs(task.due_at, ctx.timeZone);
  const [dueDate, setDueDate] = useState(due.date);
  const [dueTime, setDueTime] = useState(due.time);
  const edit = (body: Parameters<typeof taskActions.editTask>[2]) =>
    void taskActions.editTask(cid, task.id, body);
  const saveDue = (date: string, time: string) => {
    const next = date ? dueInstant(date, time, ctx.timeZone) : null;
    if (next !== task.due_at) edit({ due_at: next });
  };
  const toggleAssignee = (id: number, on: boolean) =>
    edit({
      assignee_ids: on ? [...task.assignee_ids, id] : task.assignee_ids.filter((a) => a !== id),
    });

  return (
    <div className="tasks-details" data-testid="task-details">
      {mayEdit ? (
        <InlineEdit
          value={task.title}
          label={t('tasks.taskTitle')}
          maxLength={TASK_LIMITS.titleLength}
          autoFocus={false}
          testId="task-title-input"
          onSave={(title) => title !== task.title && edit({ title })}
        />
      ) : null}
      {mayEdit ? (
        <InlineEdit
          value={task.description}
          label={t('tasks.description')}
          maxLength={TASK_LIMITS.descriptionLength}
          autoFocus={false}
          multiline
          testId="task-description"
          onSave={(description) => description !== task.description && edit({ description })}
        />
      ) : task.description ? (
        <p className="tasks-description">{task.description}</p>
      ) : null}

      <fieldset className="tasks-field" disabled={!mayEdit}>
        <legend>{t('tasks.assignees')}</legend>
        <div className="tasks-people">
          {ctx.members.map((m) => (
            <label key={m.id} className="tasks-person">
              <input
                type="checkbox"
                checked={task.assignee_ids.includes(m.id)}
                onChange={(event) => toggleAssignee(m.id, event.target.checked)}
                data-testid={`task-assignee-${m.id}`}
              />
              <span>
                {m.id === ctx.ownId ? t('tasks.me', { name: m.name }) : m.name}
                <AccountBadge bot={m.bot} official={m.official} />
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="tasks-field" disabled={!mayEdit}>
        <legend>{t('tasks.due')}</legend>
        <div className="tasks-due-inputs">
          <input
            type="date"
            value={dueDate}
            aria-label={t('tasks.dueDate')}
            data-testid="task-due-date"
            onChange={(event) => {
              setDueDate(event.target.value);
              saveDue(event.target.value, dueTime);
            }}
          />
          <input
            type="time"
            value={dueTime}
            aria-label={t('tasks.dueTime')}
            disabled={!dueDate}
            onChange={(event) => setDueTime(event.target.value)}
            onBlur={() => saveDue(dueDate, dueTime)}
          />
          {dueDate ? (
            <button
              type="button"
              className="tasks-tool"
              onClick={() => {
                setDueDate('');
                setDueTime('');
                saveDue('', '');
              }}
              aria-label={t('tasks.clearDue')}
              title={t('tasks.clearDue')}
            >
              ×
            </button>
          ) : null}
        </div>
        {ctx.timeZone ? <span className="tasks-hint">{ctx.timeZone}</span> : null}
      </fieldset>

      {mayEdit && groups.length > 1 ? (
        <label className="tasks-field tasks-inline-field">
          <span>{t('tasks.group')}</span>
          <select
            value={task.group_id}
            onChange={(event) =>
              void taskActions.moveTask(cid, task.id, Number(event.target.value), null)
            }
            data-testid="task-group-select"
          >
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}

      {task.message_id !== null ? (
        <button
          type="button"
          className="tasks-link"
          onClick={() => task.message_id !== null && ctx.onOpenMessage(task.message_id)}
          data-testid="task-message-link"
        >
          {t('tasks.openMessage')}
        </button>
      ) : null}

      <Checklist task={task} ctx={ctx} />

      {mayDelete ? (
        <button
          type="button"
          className="tasks-link is-danger"
          onClick={() => setConfirming(true)}
          data-testid="task-delete"
        >
          {t('tasks.deleteTask')}
        </button>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          text={t('tasks.confirmDeleteTask', { title: task.title })}
          confirm={t('tasks.deleteTask')}
          onConfirm={() => {
            setConfirming(false);
            onDeleted();
            void taskActions.deleteTask(cid, task.id);
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
