import { useEffect, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TASK_LIMITS } from '@parley/protocol/constants';
import type { Task, TaskGroup } from '@parley/protocol/tasks';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { taskActions } from '../actions';
import { useDragList } from '../use-drag';
import { afterIdForStep, stepOfKey } from '../view';
import { AddInline } from './AddInline';
import type { PanelContext } from './context';
import { InlineEdit } from './InlineEdit';
import { TaskRow } from './TaskRow';
import { useTaskPanel } from '../panel-store';

/** A task row's usual height, for the room a group not yet rendered keeps. */
const ROW_HEIGHT = 40;

/** Whether the element has come within a screen of the view (once it has, it stays rendered). */
function useNearViewport(initially: boolean) {
  const ref = useRef<HTMLElement>(null);
  const [on, setOn] = useState(initially);
  useEffect(() => {
    if (on || !ref.current || typeof IntersectionObserver === 'undefined') {
      if (!on && typeof IntersectionObserver === 'undefined') setOn(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setOn(true);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [on]);
  return { ref, on: on || initially };
}

type DragProps = {
  draggable: boolean;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent) => void;
};

/** One task group: its name (rename, move, delete for those who manage groups) and its tasks. */
export function GroupSection({
  group,
  tasks,
  index,
  siblings,
  filtered,
  ctx,
  drag,
  dropBefore,
}: {
  group: TaskGroup;
  /** The tasks the filter keeps. */
  tasks: Task[];
  index: number;
  siblings: readonly TaskGroup[];
  filtered: boolean;
  ctx: PanelContext;
  drag: DragProps;
  dropBefore: boolean;
}) {
  const { t } = useTranslation();
  const cid = ctx.conversationId;
  const manage = ctx.may('manage_groups');
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [expanded, setExpanded] = useState<number | null>(null);
  const taskDrag = useDragList(
    { kind: 'task', list: tasks },
    (taskId, afterId) => void taskActions.moveTask(cid, taskId, group.id, afterId),
  );
  const move = (step: -1 | 1) => {
    const afterId = afterIdForStep(siblings, index, step);
    if (afterId !== undefined) void taskActions.moveGroup(cid, group.id, afterId);
  };
  const openCount = group.tasks.filter((x) => !x.done).length;
  const focusId = useTaskPanel((s) => s.focusTaskId);
  const near = useNearViewport(index < 2 || tasks.some((x) => x.id === focusId));

  return (
    <section
      ref={near.ref}
      className={`tasks-group${dropBefore ? ' is-drop-before' : ''}`}
      aria-label={group.name}
      data-testid="tasks-group"
      {...drag}
    >
      <header
        className="tasks-group-head"
        tabIndex={manage ? 0 : undefined}
        aria-keyshortcuts={manage ? 'Alt+ArrowUp Alt+ArrowDown F2 Delete' : undefined}
        onKeyDown={(event) => {
          if (event.target !== event.currentTarget) return;
          const step = stepOfKey(event);
          if (step) {
            event.preventDefault();
            move(step);
          } else if (event.key === 'F2' && manage) setRenaming(true);
          else if (event.key === 'Delete' && manage) setConfirming(true);
        }}
      >
        {renaming ? (
          <InlineEdit
            value={group.name}
            label={t('tasks.groupName')}
            maxLength={TASK_LIMITS.groupNameLength}
            testId="tasks-group-name-input"
            onSave={(name) => {
              setRenaming(false);
              if (name !== group.name) void taskActions.renameGroup(cid, group.id, name);
            }}
            onCancel={() => setRenaming(false)}
          />
        ) : (
          <h3 className="tasks-group-name" data-testid="tasks-group-name">
            {group.name}
          </h3>
        )}
        <span className="tasks-group-count">{openCount}</span>
        {manage && !renaming ? (
          <span className="tasks-group-tools">
            <button
              type="button"
              className="tasks-tool"
              onClick={() => move(-1)}
              disabled={index === 0}
              aria-label={t('tasks.moveUp')}
              title={t('tasks.moveUp')}
            >
              ↑
            </button>
            <button
              type="button"
              className="tasks-tool"
              onClick={() => move(1)}
              disabled={index === siblings.length - 1}
              aria-label={t('tasks.moveDown')}
              title={t('tasks.moveDown')}
            >
              ↓
            </button>
            <button
              type="button"
              className="tasks-tool"
              onClick={() => setRenaming(true)}
              aria-label={t('tasks.rename')}
              title={t('tasks.rename')}
              data-testid="tasks-group-rename"
            >
              ✎
            </button>
            <button
              type="button"
              className="tasks-tool is-danger"
              onClick={() => setConfirming(true)}
              aria-label={t('tasks.deleteGroup')}
              title={t('tasks.deleteGroup')}
              data-testid="tasks-group-delete"
            >
              ✕
            </button>
          </span>
        ) : null}
      </header>
      {/* Groups far from view hold only their height: a board may have thousands of tasks. */}
      <ul
        className="tasks-list"
        {...taskDrag.end}
        style={near.on ? undefined : { height: tasks.length * ROW_HEIGHT }}
      >
        {(near.on ? tasks : []).map((task, i) => (
          <TaskRow
            key={task.id}
            task={task}
            index={i}
            siblings={tasks}
            ctx={ctx}
            focus={focusId === task.id}
            expanded={expanded === task.id}
            onExpand={(on) => setExpanded(on ? task.id : null)}
            drag={taskDrag.item(task.id, i, !filtered && ctx.may('edit_task', task))}
            dropBefore={taskDrag.over === i}
          />
        ))}
        {taskDrag.over === tasks.length && tasks.length ? (
          <li className="tasks-drop-line" aria-hidden="true" />
        ) : null}
      </ul>
      {ctx.may('create_task') ? (
        <AddInline
          label={t('tasks.addTask')}
          testId="tasks-add-task"
          maxLength={TASK_LIMITS.titleLength}
          onAdd={(title) => taskActions.createTask(cid, group.id, title)}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          text={t('tasks.confirmDeleteGroup', { name: group.name, count: group.tasks.length })}
          confirm={t('tasks.deleteGroup')}
          onConfirm={() => {
            setConfirming(false);
            void taskActions.deleteGroup(cid, group.id);
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
