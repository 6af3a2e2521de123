import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { InlineKeyboard } from './InlineKeyboard';

describe('inline keyboard', () => {
  it('shows rows of buttons and the pressed one busy until its press settles', async () => {
    let settle: () => void = () => undefined;
    const onPress = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    render(
      <InlineKeyboard
        rows={[
          [
            { text: 'Yes', callback_data: 'y' },
            { text: 'No', callback_data: 'n' },
          ],
          [{ text: 'Site', url: 'https://example.org' }],
        ]}
        onPress={onPress}
      />,
    );
    expect(screen.getByTestId('inline-keyboard').children).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Site/ })).toHaveTextContent('↗');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onPress).toHaveBeenCalledWith({ text: 'Yes', callback_data: 'y' });
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'No' })).toBeDisabled();
    await act(async () => settle());
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('button', { name: 'No' })).toBeEnabled();
  });

  it('stops the progress when the press fails', async () => {
    render(
      <InlineKeyboard
        rows={[[{ text: 'Go', callback_data: 'g' }]]}
        onPress={() => Promise.reject(new Error('gone'))}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await act(async () => undefined);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('aria-busy', 'false');
  });
});
