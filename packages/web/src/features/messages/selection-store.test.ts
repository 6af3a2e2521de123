import { beforeEach, describe, expect, it } from 'vitest';
import { useSelectionStore } from './selection-store';

const store = () => useSelectionStore.getState();

describe('selection store', () => {
  beforeEach(() => store().clear());

  it('starts in one chat with the pressed message selected', () => {
    store().start(5, 10);
    expect(store()).toMatchObject({ conversationId: 5, ids: [10] });
  });

  it('toggles messages in and out', () => {
    store().start(5, 10);
    store().toggle(11);
    store().toggle(12);
    store().toggle(10);
    expect(store().ids).toEqual([11, 12]);
  });

  it('leaves selection mode when the last message is unselected', () => {
    store().start(5, 10);
    store().toggle(10);
    expect(store()).toMatchObject({ conversationId: null, ids: [] });
  });

  it('ignores toggles when not selecting', () => {
    store().toggle(10);
    expect(store()).toMatchObject({ conversationId: null, ids: [] });
  });

  it('drops messages that left the history, and ends with the last', () => {
    store().start(5, 10);
    store().toggle(11);
    store().retain(new Set([11, 99]));
    expect(store().ids).toEqual([11]);
    store().retain(new Set());
    expect(store().conversationId).toBeNull();
  });

  it('clear ends selection mode', () => {
    store().start(5, 10);
    store().clear();
    expect(store()).toMatchObject({ conversationId: null, ids: [] });
  });
});
