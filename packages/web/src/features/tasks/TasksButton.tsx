import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol/conversation';
import { openTaskCount } from '@parley/protocol/rules/task-filters';
import { canTask } from '@parley/protocol/rules/task-permissions';
import { useTaskPanel } from './panel-store';
import { useTasksStore } from './store';
import { TasksPanel, preloadTasksPanelWhenIdle } from './tasks-panel-chunk';
import { actorOf } from './view';
import './assigned-notice';
import './tasks-button.css';

/**
 * The chat header's "Tasks" button with the count of open tasks. Shown when
 * the conversation has tasks on, or when the viewer may turn them on (a
 * direct chat, Saved Messages, a group's admins); the panel is lazy.
 */
export function TasksButton({
  conversation,
  ownId,
}: {
  conversation: Conversation;
  ownId: number;
}) {
  const { t } = useTranslation();
  const id = conversation.id;
  const on = conversation.has_tasks === true;
  const mayToggle = canTask(actorOf(conversation, ownId), 'toggle_tasks');
  const ensure = useTasksStore((s) => s.ensure);
  const count = useTasksStore((s) => {
    const board = s.boards[id];
    return board ? openTaskCount(board) : null;
  });
  const open = useTaskPanel((s) => s.openId === id);
  const openPanel = useTaskPanel((s) => s.open);
  const closePanel = useTaskPanel((s) => s.close);

  useEffect(() => {
    if (on) ensure(id);
  }, [on, id, ensure]);
  useEffect(() => (on ? preloadTasksPanelWhenIdle() : undefined), [on]);
  const preload = () => void TasksPanel.preload().catch(() => undefined);

  if (conversation.is_system || (!on && !mayToggle)) return null;
  const label = on && count !== null ? t('tasks.buttonCount', { count }) : t('tasks.title');
  return (
    <button
      type="button"
      className={`tasks-button${open ? ' is-open' : ''}`}
      aria-label={label}
      aria-pressed={open}
      title={label}
      data-testid="tasks-open"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => (open ? closePanel() : openPanel(id))}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none">
        <path
          d="M4 6.5l1.8 1.8L9 5M4 12.5l1.8 1.8L9 11M4 18.5l1.8 1.8L9 17M12 7h8M12 13h8M12 19h8"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {on && count ? (
        <span className="tasks-button-count" data-testid="tasks-count">
          {count}
        </span>
      ) : null}
    </button>
  );
}
