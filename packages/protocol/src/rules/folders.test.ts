import { describe, expect, it } from 'vitest';
import { folderAfterChange, folderUnread, inFolder } from './folders';

const c = (folder_id: number | null, new_messages: number, muted = false, hidden = false) => ({
  pivot: { folder_id, new_messages, muted, hidden },
});

describe('folder rules', () => {
  it('keeps a link only in a folder that still exists', () => {
    const ids = new Set([1, 3]);
    expect(folderAfterChange(1, ids)).toBe(1);
    expect(folderAfterChange(2, ids)).toBeNull();
    expect(folderAfterChange(null, ids)).toBeNull();
  });

  it('puts everything under All and only members under a folder', () => {
    expect(inFolder(c(2, 0), null)).toBe(true);
    expect(inFolder(c(null, 0), null)).toBe(true);
    expect(inFolder(c(2, 0), 2)).toBe(true);
    expect(inFolder(c(null, 0), 2)).toBe(false);
    expect(inFolder(c(3, 0), 2)).toBe(false);
  });

  it('sums the unread of the folder without muted or hidden conversations', () => {
    const list = [c(1, 2), c(1, 5, true), c(2, 7), c(1, 1), c(null, 4), c(1, 6, false, true)];
    expect(folderUnread(list, 1)).toBe(3);
    expect(folderUnread(list, 2)).toBe(7);
    expect(folderUnread(list, 9)).toBe(0);
  });
});
