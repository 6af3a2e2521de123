import { describe, expect, it } from 'vitest';
import { board, group, task } from '../../test/task-fixtures';
import {
  afterIdForDrop,
  afterIdForStep,
  actorOf,
  matchCount,
  stepOfKey,
  visibleGroups,
} from './view';
import type { Conversation } from '@parley/protocol/conversation';

const list = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];

describe('keyboard moves (docs/TASKS.md: move up on i is after i−2)', () => {
  it('moves up: after the item two above, or first', () => {
    expect(afterIdForStep(list, 2, -1)).toBe(1);
    expect(afterIdForStep(list, 1, -1)).toBeNull();
    expect(afterIdForStep(list, 0, -1)).toBeUndefined();
  });
  it('moves down: after the next item; the last stays', () => {
    expect(afterIdForStep(list, 0, 1)).toBe(2);
    expect(afterIdForStep(list, 2, 1)).toBe(4);
    expect(afterIdForStep(list, 3, 1)).toBeUndefined();
  });
  it('reads Alt+ArrowUp and Alt+ArrowDown only', () => {
    expect(stepOfKey({ altKey: true, key: 'ArrowUp' })).toBe(-1);
    expect(stepOfKey({ altKey: true, key: 'ArrowDown' })).toBe(1);
    expect(stepOfKey({ altKey: false, key: 'ArrowUp' })).toBeNull();
    expect(stepOfKey({ altKey: true, key: 'Enter' })).toBeNull();
  });
});

describe('drops send the item above the drop point', () => {
  it('dropped before another item', () => {
    expect(afterIdForDrop(list, 4, 0)).toBeNull();
    expect(afterIdForDrop(list, 4, 2)).toBe(2);
    expect(afterIdForDrop(list, 1, 4)).toBe(4);
  });
  it('dragged further down: after the item above the drop point', () => {
    expect(afterIdForDrop(list, 2, 3)).toBe(3);
  });
  it('a drop where the item already is moves nothing', () => {
    expect(afterIdForDrop(list, 2, 1)).toBeUndefined();
    expect(afterIdForDrop(list, 2, 2)).toBeUndefined();
  });
  it('an item from another list (a task to another group) goes after the one above', () => {
    expect(afterIdForDrop(list, 99, 1)).toBe(1);
    expect(afterIdForDrop(list, 99, 0)).toBeNull();
  });
});

describe('filters', () => {
  const now = new Date('2026-11-10T12:00:00Z');
  const b = board([
    group(1, 'a0', [
      task(11, 1, 'a0', { assignee_ids: [7] }),
      task(12, 1, 'a1', { done: true }),
      task(13, 1, 'a2', { due_at: '2026-11-09T23:59:00.000Z' }),
      task(14, 1, 'a3', { due_at: '2026-11-11T23:59:00.000Z' }),
    ]),
    group(2, 'a1', []),
  ]);
  const ids = (filter: Parameters<typeof visibleGroups>[1]) =>
    visibleGroups(b, filter, 7, now).map((g) => g.tasks.map((t) => t.id));

  it('keeps every group, with the tasks the filter keeps', () => {
    expect(ids('all')).toEqual([[11, 12, 13, 14], []]);
    expect(ids('mine')).toEqual([[11], []]);
    expect(ids('open')).toEqual([[11, 13, 14], []]);
    expect(ids('overdue')).toEqual([[13], []]);
    expect(ids('done')).toEqual([[12], []]);
    expect(matchCount(visibleGroups(b, 'done', 7, now))).toBe(1);
  });
});

describe('the viewer as the permission rule sees them', () => {
  it('takes the role from the pivot and the kind from the conversation', () => {
    const c = { type: 'group', pivot: { role: 'moderator' } } as unknown as Conversation;
    expect(actorOf(c, 3)).toEqual({ user_id: 3, role: 'moderator', kind: 'group' });
    const d = { type: 'direct', pivot: { role: null } } as unknown as Conversation;
    expect(actorOf(d, 3).role).toBe('member');
  });
});
