import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol/conversation';
import { TASK_FILTERS, openTaskCount } from '@parley/protocol/rules/task-filters';
import { canTask } from '@parley/protocol/rules/task-permissions';
import type { TaskAction } from '@parley/protocol/rules/task-permissions';
import type { TaskOwnership } from '@parley/protocol/rules/task-permissions';
import { Spinner } from '../../ui/Spinner';
import { useAuthStore } from '../auth/store';
import { taskActions } from './actions';
import { useTaskPanel } from './panel-store';
import { useTasksStore } from './store';
import { AddInline } from './ui/AddInline';
import { FromMessagePicker } from './ui/FromMessagePicker';
import { GroupSection } from './ui/GroupSection';
import { TaskSettingsRows } from './ui/TaskSettingsRows';
import type { PanelContext } from './ui/context';
import { useMembers } from './use-members';
import { useDragList } from './use-drag';
import { actorOf, matchCount, visibleGroups } from './view';
import { taskTexts } from './texts';
import './tasks.css';

/** The Tasks panel of one conversation: beside the chat on a desktop, the whole screen on a phone. */
export function TasksPanel({
  conversation,
  ownId,
  onOpenMessage,
}: {
  conversation: Conversation;
  ownId: number;
  onOpenMessage: (messageId: number) => void;
}) {
  const { t } = useTranslation();
  // Switched to another language: its task texts arrive a moment after the app's own.
  useSyncExternalStore(taskTexts.subscribe, taskTexts.version);
  const id = conversation.id;
  const user = useAuthStore((s) => s.user);
  const board = useTasksStore((s) => s.boards[id]);
  const missing = useTasksStore((s) => s.missing[id] === true);
  const ensure = useTasksStore((s) => s.ensure);
  const filter = useTaskPanel((s) => s.filter);
  const setFilter = useTaskPanel((s) => s.setFilter);
  const error = useTaskPanel((s) => s.error);
  const close = useTaskPanel((s) => s.close);
  const fromMessageId = useTaskPanel((s) => s.fromMessageId);
  const [showSettings, setShowSettings] = useState(false);
  const members = useMembers(conversation, user);
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => ensure(id), [id, ensure]);
  // Opened: focus comes into the panel; Escape closes it (when no dialog is up).
  useEffect(() => {
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('.confirm-dialog, .msg-menu')) return;
      if (!panelRef.current?.contains(document.activeElement)) return;
      if ((event.target as HTMLElement | null)?.closest('input, textarea')) return;
      close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);

  const actor = actorOf(conversation, ownId);
  const on = board?.has_tasks ?? conversation.has_tasks === true;
  const ctx: PanelContext = useMemo(
    () => ({
      conversationId: id,
      ownId,
      timeZone: user?.timezone ?? null,
      members,
      may: (action: TaskAction, task?: TaskOwnership) => on && canTask(actor, action, task),
      onOpenMessage,
    }),
    // actor is rebuilt from these each render
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id, ownId, user?.timezone, members, on, actor.role, actor.kind, onOpenMessage],
  );

  const groups = useMemo(
    () => (board ? visibleGroups(board, filter, ownId, new Date()) : []),
    [board, filter, ownId],
  );
  const drag = useDragList(
    { kind: 'group', list: groups.map((g) => g.group) },
    (groupId, afterId) => void taskActions.moveGroup(id, groupId, afterId),
  );
  const mayToggle = canTask(actor, 'toggle_tasks');

  return (
    <aside
      ref={panelRef}
      className="tasks-panel"
      aria-label={t('tasks.title')}
      tabIndex={-1}
      data-testid="tasks-panel"
    >
      <header className="tasks-head">
        <button
          type="button"
          className="icon-button tasks-back"
          onClick={close}
          aria-label={t('tasks.close')}
          data-testid="tasks-close"
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h2>
          {t('tasks.title')}
          {board && on ? (
            <span className="tasks-head-count" data-testid="tasks-open-count">
              {t('tasks.openCount', { count: openTaskCount(board) })}
            </span>
          ) : null}
        </h2>
        <button
          type="button"
          className={`icon-button${showSettings ? ' is-active' : ''}`}
          aria-expanded={showSettings}
          aria-label={t('tasks.settings')}
          title={t('tasks.settings')}
          onClick={() => setShowSettings((v) => !v)}
          data-testid="tasks-settings-open"
        >
          <span aria-hidden="true">⚙</span>
        </button>
        <button
          type="button"
          className="icon-button tasks-x"
          onClick={close}
          aria-label={t('tasks.close')}
        >
          ×
        </button>
      </header>
      {showSettings || (!on && mayToggle) ? (
        <TaskSettingsRows
          conversationId={id}
          hasTasks={on}
          serviceLines={board?.task_service_lines ?? conversation.task_service_lines === true}
          disabled={!mayToggle}
        />
      ) : null}
      {on ? (
        <div className="tasks-filters" role="group" aria-label={t('tasks.filter.label')}>
          {TASK_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className={`tasks-chip${filter === f ? ' is-on' : ''}`}
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              data-testid={`tasks-filter-${f}`}
            >
              {t(`tasks.filter.${f}`)}
            </button>
          ))}
        </div>
      ) : (
        <p className="tasks-note" data-testid="tasks-off">
          {t('Tasks are turned off in this conversation')}
        </p>
      )}
      {error ? (
        <p className="tasks-error" role="alert" data-testid="tasks-error">
          {error}
        </p>
      ) : null}
      {fromMessageId !== null && board ? (
        <FromMessagePicker board={board} messageId={fromMessageId} ctx={ctx} />
      ) : null}
      <div className="tasks-scroll">
        {missing ? (
          <p className="tasks-note">{t('chat.notFound')}</p>
        ) : !board ? (
          <div className="tasks-loading">
            <Spinner size={32} />
          </div>
        ) : (
          <>
            {board.task_groups.length === 0 ? (
              <p className="tasks-note" data-testid="tasks-empty">
                {ctx.may('manage_groups') ? t('tasks.emptyAdd') : t('tasks.empty')}
              </p>
            ) : filter !== 'all' && matchCount(groups) === 0 ? (
              <p className="tasks-note" data-testid="tasks-no-match">
                {t('tasks.noMatch')}
              </p>
            ) : null}
            {groups.map(({ group, tasks }, index) => (
              <GroupSection
                key={group.id}
                group={group}
                tasks={tasks}
                index={index}
                siblings={groups.map((g) => g.group)}
                filtered={filter !== 'all'}
                ctx={ctx}
                drag={drag.item(group.id, index, ctx.may('manage_groups'))}
                dropBefore={drag.over === index}
              />
            ))}
            {ctx.may('manage_groups') ? (
              <div {...drag.end} className={drag.over === groups.length ? 'tasks-drop-end' : ''}>
                <AddInline
                  label={t('tasks.addGroup')}
                  testId="tasks-add-group"
                  onAdd={(name) => taskActions.createGroup(id, name)}
                />
              </div>
            ) : null}
          </>
        )}
      </div>
    </aside>
  );
}
