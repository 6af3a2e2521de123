import { describe, expect, it } from 'vitest';
import {
  canDeleteAllForEveryone,
  isSelectableMessage,
  joinCopiedMessages,
} from './message-selection';
import { GROUP_NOTICE_TYPE } from '../group-notice';
import { SIGN_IN_MESSAGE_TYPE } from '../message';
import { TASK_NOTICE_TYPE } from '../tasks';

describe('joinCopiedMessages (Copy of a selection)', () => {
  const bob = { id: 7, name: 'Bob', createdAt: '2026-11-27T09:05:00Z', text: 'second' };
  const ann = { id: 3, name: 'Ann', createdAt: '2026-11-27T09:01:00Z', text: 'first\nline two' };

  it('joins in time order, each headed "Name, [date time]:", a blank line between', () => {
    expect(joinCopiedMessages([bob, ann], 'UTC')).toBe(
      'Ann, [27/11/2026, 09:01]:\nfirst\nline two\n\nBob, [27/11/2026, 09:05]:\nsecond',
    );
  });

  it("shows the times in the reader's zone", () => {
    expect(joinCopiedMessages([ann, bob], 'Asia/Yerevan')).toContain('Ann, [27/11/2026, 13:01]:');
  });

  it('orders messages of the same second by id', () => {
    const same = { ...bob, id: 2, createdAt: ann.createdAt, text: 'earlier id' };
    expect(joinCopiedMessages([ann, same], 'UTC').indexOf('earlier id')).toBeLessThan(
      joinCopiedMessages([ann, same], 'UTC').indexOf('first'),
    );
  });

  it('copies one message as its text alone, and nothing as nothing', () => {
    expect(joinCopiedMessages([bob], 'UTC')).toBe('second');
    expect(joinCopiedMessages([], 'UTC')).toBe('');
  });
});

describe('isSelectableMessage', () => {
  it('takes people’s messages, files included', () => {
    expect(isSelectableMessage({ type: 'text', user_id: 1 }, false)).toBe(true);
    expect(isSelectableMessage({ type: 'image', user_id: 1 }, false)).toBe(true);
  });

  it('refuses service lines, server-written messages and the System chat', () => {
    expect(isSelectableMessage({ type: TASK_NOTICE_TYPE, user_id: 1 }, false)).toBe(false);
    expect(isSelectableMessage({ type: SIGN_IN_MESSAGE_TYPE, user_id: 1 }, false)).toBe(false);
    expect(isSelectableMessage({ type: GROUP_NOTICE_TYPE, user_id: 1 }, false)).toBe(false);
    expect(isSelectableMessage({ type: 'text', user_id: null }, false)).toBe(false);
    expect(isSelectableMessage({ type: 'text', user_id: 1 }, true)).toBe(false);
  });
});

describe('canDeleteAllForEveryone', () => {
  it('only when every selected message is the reader’s own', () => {
    expect(canDeleteAllForEveryone([{ user_id: 1 }, { user_id: 1 }], 1)).toBe(true);
    expect(canDeleteAllForEveryone([{ user_id: 1 }, { user_id: 2 }], 1)).toBe(false);
    expect(canDeleteAllForEveryone([], 1)).toBe(false);
    expect(canDeleteAllForEveryone([{ user_id: 1 }], null)).toBe(false);
  });
});
