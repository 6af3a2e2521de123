import { useTranslation } from 'react-i18next';
import { TASK_LIMITS } from '@parley/protocol/constants';
import type { Task } from '@parley/protocol/tasks';
import { taskActions } from '../actions';
import { useDragList } from '../use-drag';
import { afterIdForStep, stepOfKey } from '../view';
import { AddInline } from './AddInline';
import type { PanelContext } from './context';
import { InlineEdit } from './InlineEdit';

/** A task's checklist of subtasks: tick, edit, reorder (drag or Alt+Arrow), delete, add. */
export function Checklist({ task, ctx }: { task: Task; ctx: PanelContext }) {
  const { t } = useTranslation();
  const cid = ctx.conversationId;
  const mayEdit = ctx.may('edit_task', task);
  const mayTick = ctx.may('tick_task', task);
  const list = task.subtasks;
  const drag = useDragList(
    { kind: `subtask-${task.id}`, list },
    (id, afterId) => void taskActions.moveSubtask(cid, id, afterId),
  );
  const move = (index: number, step: -1 | 1) => {
    const afterId = afterIdForStep(list, index, step);
    const item = list[index];
    if (item && afterId !== undefined) void taskActions.moveSubtask(cid, item.id, afterId);
  };

  return (
    <div className="tasks-checklist">
      <h4>{t('tasks.checklist')}</h4>
      <ul {...drag.end}>
        {list.map((s, i) => (
          <li
            key={s.id}
            className={`tasks-subtask${s.done ? ' is-done' : ''}${drag.over === i ? ' is-drop-before' : ''}`}
            data-testid="subtask"
            {...drag.item(s.id, i, mayEdit)}
            onKeyDown={(event) => {
              const step = stepOfKey(event);
              if (!step || !mayEdit) return;
              event.preventDefault();
              move(i, step);
            }}
          >
            <input
              type="checkbox"
              checked={s.done}
              disabled={!mayTick}
              aria-label={s.text}
              data-testid="subtask-done"
              onChange={(event) =>
                void taskActions.tick({
                  kind: 'subtask',
                  id: s.id,
                  conversation_id: cid,
                  done: event.target.checked,
                })
              }
            />
            {mayEdit ? (
              <InlineEdit
                value={s.text}
                label={t('tasks.subtaskText')}
                maxLength={TASK_LIMITS.subtaskTextLength}
                autoFocus={false}
                testId="subtask-text"
                onSave={(text) => text !== s.text && void taskActions.editSubtask(cid, s.id, text)}
              />
            ) : (
              <span className="tasks-subtask-text">{s.text}</span>
            )}
            {mayEdit ? (
              <button
                type="button"
                className="tasks-tool"
                onClick={() => void taskActions.deleteSubtask(cid, s)}
                aria-label={t('tasks.deleteSubtask', { text: s.text })}
                title={t('tasks.deleteSubtask', { text: s.text })}
              >
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {mayEdit ? (
        <AddInline
          label={t('tasks.addSubtask')}
          testId="task-add-subtask"
          maxLength={TASK_LIMITS.subtaskTextLength}
          onAdd={(text) => taskActions.createSubtask(cid, task.id, text)}
        />
      ) : null}
    </div>
  );
}
