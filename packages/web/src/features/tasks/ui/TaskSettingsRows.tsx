import { useTranslation } from 'react-i18next';
import { ToggleRow } from '../../settings/ToggleRow';
import { taskActions } from '../actions';

/** The conversation's task switches: tasks on, and task changes posted in the chat. */
export function TaskSettingsRows({
  conversationId,
  hasTasks,
  serviceLines,
  disabled,
}: {
  conversationId: number;
  hasTasks: boolean;
  serviceLines: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="settings-group tasks-settings" data-testid="tasks-settings">
      <ToggleRow
        name="tasks-on"
        label={t('groups.hasTasks')}
        description={t('groups.hasTasksHint')}
        checked={hasTasks}
        disabled={disabled}
        onChange={(on) => void taskActions.settings(conversationId, { has_tasks: on })}
      />
      <ToggleRow
        name="tasks-service-lines"
        label={t('tasks.serviceLines')}
        description={t('tasks.serviceLinesHint')}
        checked={serviceLines}
        disabled={disabled || !hasTasks}
        onChange={(on) => void taskActions.settings(conversationId, { task_service_lines: on })}
      />
    </div>
  );
}
