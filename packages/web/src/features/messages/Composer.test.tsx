import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from './Composer';

describe('Composer', () => {
  afterEach(() => localStorage.clear());

  it('keeps the draft of each conversation in localStorage across remounts', async () => {
    const { unmount } = render(
      <Composer
        conversationId={12}
        mode={{ kind: 'new' }}
        onSubmit={vi.fn()}
        onCancelMode={vi.fn()}
      />,
    );
    await userEvent.type(screen.getByTestId('composer-input'), 'half a thought');
    expect(localStorage.getItem('draft_12')).toBe('half a thought');
    unmount();

    render(
      <Composer
        conversationId={12}
        mode={{ kind: 'new' }}
        onSubmit={vi.fn()}
        onCancelMode={vi.fn()}
      />,
    );
    expect(screen.getByTestId('composer-input')).toHaveValue('half a thought');
  });

  it('sends on Enter, breaks the line on Shift+Enter, and clears the draft', async () => {
    const onSubmit = vi.fn();
    render(
      <Composer
        conversationId={3}
        mode={{ kind: 'new' }}
        onSubmit={onSubmit}
        onCancelMode={vi.fn()}
      />,
    );
    const input = screen.getByTestId('composer-input');
    await userEvent.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(input, '{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('line one\nline two');
    expect(input).toHaveValue('');
    expect(localStorage.getItem('draft_3')).toBeNull();
  });
});
