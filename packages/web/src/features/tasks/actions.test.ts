import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerFrame } from '@parley/protocol/realtime';
import { TASK_MSG } from '@parley/protocol/task-texts';
import { passToTaps } from '../../lib/frame-taps';
import { saveTokens } from '../../lib/tokens';
import { bodyOf, json, mockFetch, tokenPair } from '../../test/http-fixtures';
import { board, group, subtask, task } from '../../test/task-fixtures';
import { flushTicks, taskActions } from './actions';
import { useTaskPanel } from './panel-store';
import { useTasksStore } from './store';
import { TICK_QUEUE_KEY, readTicks } from './tick-queue';

// The panel's changes: optimistic, settled by the server's reply through the
// protocol's applier, refused with the server's message, and ticks queued
// while there is no server.

const held = () => useTasksStore.getState().boards[5];
const firstTask = () => held()?.task_groups[0]?.tasks[0];

beforeEach(() => {
  saveTokens({ ...tokenPair(1), token_type: 'Bearer' });
  localStorage.removeItem(TICK_QUEUE_KEY);
  useTaskPanel.setState({ error: null });
  useTasksStore.setState({
    boards: {
      5: board([
        group(1, 'a0', [
          task(11, 1, 'a0', { subtasks: [subtask(21, 11, 'a0')] }),
          task(12, 1, 'a1'),
        ]),
      ]),
    },
    missing: {},
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('edits', () => {
  it('shows an edit at once and keeps it when the reply carries the same version', async () => {
    let release: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (release = resolve));
    const fetch = mockFetch(async (url, init) => {
      await sent;
      expect(url).toContain('/user/tasks/11');
      expect(bodyOf(init)).toEqual({ title: 'Book the room' });
      const t = task(11, 1, 'a0', { title: 'Book the room' });
      return json(200, { ...t, versions: { ...t.versions, title: 2 } });
    });
    const done = taskActions.editTask(5, 11, { title: 'Book the room' });
    expect(firstTask()?.title).toBe('Book the room');
    expect(firstTask()?.versions.title).toBe(2);
    release();
    await done;
    expect(firstTask()?.title).toBe('Book the room');
    // The reply's task has no subtasks field changes: the held checklist stays.
    expect(firstTask()?.subtasks.map((s) => s.id)).toEqual([21]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a refusal shows the server’s message and reads the board again', async () => {
    const fetch = mockFetch((url, init) => {
      if (init.method === 'GET')
        return json(200, board([group(1, 'a0', [task(11, 1, 'a0'), task(12, 1, 'a1')])], 12));
      return json(403, { message: TASK_MSG.forbidden });
    });
    await taskActions.editTask(5, 11, { title: 'Mine now' });
    expect(useTaskPanel.getState().error).toBe("You can't do this with tasks here");
    await vi.waitFor(() => expect(held()?.last_seq).toBe(12));
    expect(firstTask()?.title).toBe('task 11');
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain(
      '/api/v1/user/conversations/5/tasks',
    );
  });

  it('a keyboard move places the task before the server answers', async () => {
    mockFetch(async (_url, init) => {
      expect(bodyOf(init)).toEqual({ group_id: 1, after_id: null });
      return json(
        200,
        task(12, 1, 'Zz', { versions: { ...task(12, 1, 'a').versions, position: 2 } }),
      );
    });
    const done = taskActions.moveTask(5, 12, 1, null);
    expect(held()?.task_groups[0]?.tasks.map((t) => t.id)).toEqual([12, 11]);
    await done;
    // Same position version as the local move: the local key stays, the order too.
    expect(held()?.task_groups[0]?.tasks.map((t) => t.id)).toEqual([12, 11]);
  });
});

describe('ticks offline', () => {
  it('queues a tick that finds no server and sends it when back', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await taskActions.tick({ kind: 'task', id: 11, conversation_id: 5, done: true })).toBe(
      'offline',
    );
    expect(firstTask()?.done).toBe(true);
    const [queued] = readTicks();
    expect(queued).toEqual({
      kind: 'task',
      id: 11,
      conversation_id: 5,
      done: true,
      op_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    // A board read meanwhile keeps showing the queued tick.
    mockFetch(() => json(200, board([group(1, 'a0', [task(11, 1, 'a0'), task(12, 1, 'a1')])], 11)));
    await useTasksStore.getState().load(5);
    expect(firstTask()?.done).toBe(true);

    const fetch = mockFetch((url, init) => {
      expect(url).toContain('/user/tasks/11/done');
      // The same op_id as the first try: the server takes it once (docs/TASKS.md, "Offline").
      expect(bodyOf(init)).toEqual({ done: true, op_id: queued?.op_id });
      const t = task(11, 1, 'a0', { done: true, done_by: 7 });
      return json(200, { ...t, versions: { ...t.versions, done: 1 } });
    });
    await flushTicks();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(readTicks()).toEqual([]);
    expect(firstTask()?.done).toBe(true);
    expect(localStorage.getItem(TICK_QUEUE_KEY)).toBeNull();
  });

  it('a subtask tick is optimistic too, and the newest tick of an item replaces a queued one', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await taskActions.tick({ kind: 'subtask', id: 21, conversation_id: 5, done: true });
    expect(firstTask()?.subtasks[0]?.done).toBe(true);
    await taskActions.tick({ kind: 'subtask', id: 21, conversation_id: 5, done: false });
    expect(readTicks()).toEqual([
      { kind: 'subtask', id: 21, conversation_id: 5, done: false, op_id: expect.any(String) },
    ]);
  });

  it('each new tick has its own op_id; a resend keeps it', async () => {
    const ids: unknown[] = [];
    mockFetch((_url, init) => {
      ids.push((bodyOf(init) as { op_id?: unknown }).op_id);
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    await taskActions.tick({ kind: 'task', id: 11, conversation_id: 5, done: true });
    await flushTicks();
    await taskActions.tick({ kind: 'task', id: 11, conversation_id: 5, done: false });
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(readTicks().map((t) => t.op_id)).toEqual([ids[2]]);
  });
});

describe('live events through the dispatcher’s taps', () => {
  it('applies a task event of the board’s conversation, skips an older seq', () => {
    const frame = (seq: number, title: string, version: number): ServerFrame => {
      const t = task(12, 1, 'a1', { title });
      return {
        op: 'event',
        scope: 'conversation',
        conversation_id: 5,
        seq,
        type: 'task.updated',
        payload: {
          user_id: 8,
          task: { ...t, versions: { ...t.versions, title: version } },
          changed: ['title'],
        },
      } as unknown as ServerFrame;
    };
    passToTaps(frame(11, 'Order the cake', 2));
    expect(held()?.task_groups[0]?.tasks[1]?.title).toBe('Order the cake');
    expect(held()?.last_seq).toBe(11);
    passToTaps(frame(11, 'stale', 3));
    expect(held()?.task_groups[0]?.tasks[1]?.title).toBe('Order the cake');
  });
});
