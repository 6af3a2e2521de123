import { useTranslation } from 'react-i18next';
import type { TaskBoard } from '@parley/protocol/tasks';
import { translate } from '../../../lib/i18n';
import { taskActions } from '../actions';
import { useTaskPanel } from '../panel-store';
import type { PanelContext } from './context';

/**
 * "Create task from message": which group the task goes to. With no group
 * yet, one named "Tasks" is made first (when the viewer may make groups).
 */
export function FromMessagePicker({
  board,
  messageId,
  ctx,
}: {
  board: TaskBoard;
  messageId: number;
  ctx: PanelContext;
}) {
  const { t } = useTranslation();
  const done = useTaskPanel((s) => s.fromMessageDone);
  const cid = ctx.conversationId;
  const make = async (groupId: number | null) => {
    const group =
      groupId ?? (await taskActions.createGroup(cid, translate('tasks.defaultGroup')))?.id;
    if (group === undefined) return;
    const task = await taskActions.createFromMessage(cid, messageId, group);
    done(task?.id ?? null);
  };
  const groups = board.task_groups;
  return (
    <div
      className="tasks-from-message"
      role="group"
      aria-label={t('tasks.fromMessage')}
      data-testid="tasks-from-message"
    >
      <p>{groups.length ? t('tasks.pickGroup') : t('tasks.fromMessage')}</p>
      <div className="tasks-from-message-groups">
        {groups.map((g) => (
          <button
            key={g.id}
            type="button"
            className="tasks-chip"
            onClick={() => void make(g.id)}
            data-testid="tasks-from-message-group"
          >
            {g.name}
          </button>
        ))}
        {groups.length === 0 && ctx.may('manage_groups') ? (
          <button
            type="button"
            className="tasks-chip is-on"
            onClick={() => void make(null)}
            data-testid="tasks-from-message-group"
          >
            {t('tasks.defaultGroup')}
          </button>
        ) : null}
        <button type="button" className="tasks-chip" onClick={() => done(null)}>
          {t('messages.cancel')}
        </button>
      </div>
    </div>
  );
}
