import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MessageBubble } from './MessageBubble';
import type { BubbleProps, BubbleSelect } from './MessageBubble';
import { LONG_PRESS_MS } from './use-long-press';

// Selection mode on one bubble (issue 23): shift-click and a long press
// start it; once on, a click anywhere on the row toggles instead of acting.

const base: BubbleProps = {
  text: 'hello',
  own: false,
  senderName: null,
  time: '10:00',
  edited: false,
  parent: null,
  parentText: '',
  forwardedFrom: null,
  tick: null,
  error: null,
  highlighted: false,
};

function bubble(select: Partial<BubbleSelect>, extra: Partial<BubbleProps> = {}) {
  const full: BubbleSelect = {
    active: false,
    selected: false,
    onToggle: vi.fn(),
    onStart: vi.fn(),
    ...select,
  };
  render(<MessageBubble {...base} {...extra} select={full} />);
  return full;
}

describe('MessageBubble in selection mode', () => {
  afterEach(() => vi.useRealTimers());

  it('outside selection mode: no checkbox; a plain click does nothing, shift-click starts', () => {
    const select = bubble({});
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByTestId('message'));
    expect(select.onStart).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('message'), { shiftKey: true });
    expect(select.onStart).toHaveBeenCalledTimes(1);
  });

  it('in selection mode: a checkbox shows the state; clicks toggle, not the reply quote', () => {
    const onOpenParent = vi.fn();
    const parent = {
      id: 1,
      message: 'quoted',
      type: 'text',
      sender: { id: 2, name: 'Ann' },
      deleted: false,
    };
    const select = bubble({ active: true, selected: true }, { parent, onOpenParent });
    expect(screen.getByRole('checkbox', { name: 'Select message' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    fireEvent.click(screen.getByTestId('message-reply'));
    expect(onOpenParent).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox'));
    expect(select.onToggle).toHaveBeenCalledTimes(2);
  });

  it('starts on a touch held still for the long-press time', () => {
    vi.useFakeTimers();
    const select = bubble({});
    const target = screen.getByTestId('message');
    fireEvent.pointerDown(target, { pointerType: 'touch', clientX: 5, clientY: 5 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 50));
    expect(select.onStart).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(select.onStart).toHaveBeenCalledTimes(1);
  });

  it('a touch that moves (scrolling) or a mouse press is no long press', () => {
    vi.useFakeTimers();
    const select = bubble({});
    const target = screen.getByTestId('message');
    fireEvent.pointerDown(target, { pointerType: 'touch', clientX: 5, clientY: 5 });
    fireEvent.pointerMove(target, { pointerType: 'touch', clientX: 5, clientY: 40 });
    fireEvent.pointerDown(target, { pointerType: 'mouse', clientX: 5, clientY: 5 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS * 2));
    expect(select.onStart).not.toHaveBeenCalled();
  });
});
