import { describe, expect, it } from 'vitest';
import type { ConversationEventFrame } from '../realtime';
import type { Subtask, Task, TaskBoard, TaskGroupFields } from '../tasks';
import { applyTaskChange, applyTaskFrame, editTaskLocally } from './tasks';

// The board applier: per-field merge by version (an older or equal version
// changes nothing), moves between groups, deletes, idempotence, seq order.

const at = '2026-11-26T10:00:00.000Z';

const group = (id: number, order: string, name = `g${id}`): TaskGroupFields => ({
  id,
  conversation_id: 1,
  name,
  order,
  created_at: at,
  updated_at: at,
  versions: { name: 0, position: 0 },
});
const task = (id: number, groupId: number, order: string, extra: Partial<Task> = {}): Task => ({
  id,
  group_id: groupId,
  conversation_id: 1,
  title: `t${id}`,
  description: '',
  assignee_ids: [],
  due_at: null,
  done: false,
  done_by: null,
  done_at: null,
  order,
  message_id: null,
  created_by: 7,
  created_at: at,
  updated_at: at,
  versions: { title: 0, description: 0, assignee_ids: 0, due_at: 0, done: 0, position: 0 },
  subtasks: [],
  ...extra,
});
const subtask = (id: number, taskId: number, order: string): Subtask => ({
  id,
  task_id: taskId,
  text: `s${id}`,
  done: false,
  order,
  updated_at: at,
  versions: { text: 0, done: 0, position: 0 },
});

function board(): TaskBoard {
  return {
    conversation_id: 1,
    has_tasks: true,
    task_service_lines: false,
    last_seq: 10,
    task_groups: [
      { ...group(1, 'a0'), tasks: [task(11, 1, 'a0'), task(12, 1, 'a1')] },
      { ...group(2, 'a1'), tasks: [] },
    ],
  };
}
const frame = (seq: number, type: string, payload: unknown) =>
  ({
    op: 'event',
    scope: 'conversation',
    conversation_id: 1,
    seq,
    type,
    payload,
  }) as ConversationEventFrame;
const titles = (b: TaskBoard) => b.task_groups.map((g) => g.tasks.map((t) => t.title));

describe('applyTaskChange', () => {
  it('takes a field only when its version is higher, so different fields both stay', () => {
    const t = task(11, 1, 'a0');
    const byAnn = { ...t, title: 'Ann', versions: { ...t.versions, title: 1 } };
    const byBen = { ...t, description: 'Ben', versions: { ...t.versions, description: 1 } };
    let b = applyTaskChange(board(), { kind: 'task', task: byAnn }).board;
    b = applyTaskChange(b, { kind: 'task', task: byBen }).board;
    expect(b.task_groups[0]?.tasks[0]).toMatchObject({ title: 'Ann', description: 'Ben' });
    // An older reply of the same field changes nothing.
    const stale = { ...t, title: 'old', versions: { ...t.versions, title: 1 } };
    expect(applyTaskChange(b, { kind: 'task', task: stale }).board).toBe(b);
  });

  it('moves a task to another group by a newer position, keeping its checklist', () => {
    const held = applyTaskChange(board(), { kind: 'subtask', subtask: subtask(5, 11, 'a0') }).board;
    const moved = {
      ...task(11, 2, 'a0'),
      versions: { ...task(11, 2, 'a0').versions, position: 1 },
    };
    const b = applyTaskChange(held, { kind: 'task', task: moved }).board;
    expect(titles(b)).toEqual([['t12'], ['t11']]);
    expect(b.task_groups[1]?.tasks[0]?.subtasks.map((s) => s.id)).toEqual([5]);
  });

  it('asks for a fetch when a task lands in a group it does not hold', () => {
    const out = applyTaskChange(board(), { kind: 'task', task: task(13, 99, 'a0') });
    expect(out.refetch).toBe(true);
  });

  it('keeps siblings sorted by key, then id, in code-unit order', () => {
    let b = applyTaskChange(board(), { kind: 'task', task: task(14, 1, 'Zz') }).board;
    b = applyTaskChange(b, { kind: 'task', task: task(13, 1, 'a0') }).board;
    expect(titles(b)[0]).toEqual(['t14', 't11', 't13', 't12']);
    b = applyTaskChange(b, { kind: 'group', group: group(3, 'a0V') }).board;
    expect(b.task_groups.map((g) => g.id)).toEqual([1, 3, 2]);
  });

  it('deletes are idempotent', () => {
    const once = applyTaskChange(board(), { kind: 'task_deleted', task_id: 11 }).board;
    expect(applyTaskChange(once, { kind: 'task_deleted', task_id: 11 }).board).toBe(once);
    const gone = applyTaskChange(once, { kind: 'group_deleted', group_id: 1 }).board;
    expect(gone.task_groups.map((g) => g.id)).toEqual([2]);
  });
});

describe('applyTaskFrame', () => {
  it('skips held seqs and other conversations, and moves last_seq with any event', () => {
    const b = board();
    expect(
      applyTaskFrame(b, frame(10, 'task.deleted', { user_id: 7, task_id: 11, group_id: 1 })).board,
    ).toBe(b);
    const next = applyTaskFrame(b, frame(11, 'message.viewed', { user_id: 7, up_to: 3 })).board;
    expect(next.last_seq).toBe(11);
    const info = applyTaskFrame(next, frame(12, 'conversation.info', { task_service_lines: true }));
    expect(info.board).toMatchObject({ last_seq: 12, task_service_lines: true, has_tasks: true });
  });
});

describe('editTaskLocally', () => {
  it('raises the edited fields’ versions; the server’s equal-version echo changes nothing', () => {
    const local = editTaskLocally(board(), 11, { done: true });
    const t = local.task_groups[0]?.tasks[0];
    expect(t?.versions.done).toBe(1);
    const echo = {
      ...task(11, 1, 'a0'),
      done: true,
      versions: { ...task(11, 1, 'a0').versions, done: 1 },
    };
    expect(applyTaskChange(local, { kind: 'task', task: echo }).board).toBe(local);
  });
});
