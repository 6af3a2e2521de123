import { useEffect, useState } from 'react';
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
  // The switch moves at once; the server's answer (or its event) then settles it.
  const [on, setOn] = useState(hasTasks);
  const [lines, setLines] = useState(serviceLines);
  useEffect(() => setOn(hasTasks), [hasTasks]);
  useEffect(() => setLines(serviceLines), [serviceLines]);
  const change = async (body: { has_tasks?: boolean; task_service_lines?: boolean }) => {
    if (body.has_tasks !== undefined) setOn(body.has_tasks);
    if (body.task_service_lines !== undefined) setLines(body.task_service_lines);
    if (!(await taskActions.settings(conversationId, body))) {
      setOn(hasTasks);
      setLines(serviceLines);
    }
  };
  return (
    <div className="settings-group tasks-settings" data-testid="tasks-settings">
      <ToggleRow
        name="tasks-on"
        label={t('groups.hasTasks')}
        description={t('groups.hasTasksHint')}
        checked={on}
        disabled={disabled}
        onChange={(value) => void change({ has_tasks: value })}
      />
      <ToggleRow
        name="tasks-service-lines"
        label={t('tasks.serviceLines')}
        description={t('tasks.serviceLinesHint')}
        checked={lines}
        disabled={disabled || !on}
        onChange={(value) => void change({ task_service_lines: value })}
      />
    </div>
  );
}
