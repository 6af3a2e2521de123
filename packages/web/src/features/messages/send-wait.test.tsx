import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { Composer } from './Composer';
import { slowModeFor, useSendWait, useSendWaits } from './send-wait';

// Issue 18: the composer holds a new message while slow mode or a send limit
// makes the user wait, and counts the seconds down.

describe('send waits', () => {
  afterEach(() => {
    vi.useRealTimers();
    useSendWaits.setState({ until: {} });
  });

  it('counts down the seconds of one conversation, then lets it send', () => {
    vi.useFakeTimers();
    useSendWaits.getState().wait(7, 3);
    const { result } = renderHook(() => useSendWait(7));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(0);
    expect(renderHook(() => useSendWait(8)).result.current).toBe(0);
  });

  it('applies slow mode to members of a group, not to its moderators or owner', () => {
    const group = (role: string | null, seconds: number | null) =>
      ({ is_group: true, slow_mode_seconds: seconds, pivot: { role } }) as unknown as Conversation;
    expect(slowModeFor(group(null, 30))).toBe(30);
    expect(slowModeFor(group('publisher', 30))).toBe(30);
    expect(slowModeFor(group('moderator', 30))).toBe(0);
    expect(slowModeFor(group('owner', 30))).toBe(0);
    expect(slowModeFor(group(null, null))).toBe(0);
    const direct = { is_group: false, slow_mode_seconds: null, pivot: { role: null } };
    expect(slowModeFor(direct as unknown as Conversation)).toBe(0);
  });

  it('holds a new message while waiting, and names slow mode', async () => {
    const onSubmit = vi.fn();
    render(
      <Composer
        conversationId={5}
        mode={{ kind: 'new' }}
        onSubmit={onSubmit}
        onCancelMode={vi.fn()}
        waitSeconds={12}
        slowMode
      />,
    );
    expect(screen.getByTestId('composer-wait')).toHaveTextContent(/12/);
    await userEvent.type(screen.getByTestId('composer-input'), 'too soon{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId('composer-send')).toBeDisabled();
  });
});
