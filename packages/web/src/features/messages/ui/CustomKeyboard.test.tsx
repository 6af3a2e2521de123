import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CustomKeyboard } from './CustomKeyboard';

describe('custom keyboard (spec 4 Keyboard)', () => {
  it('shows the rows, sends a tapped button’s text, and folds away', () => {
    const onPress = vi.fn();
    render(<CustomKeyboard keyboard={[['Yes', 'No'], ['Later']]} onPress={onPress} />);
    const group = screen.getByRole('group', { name: 'Quick replies' });
    expect(group.querySelectorAll('.custom-keyboard-row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onPress).toHaveBeenCalledWith('No');

    fireEvent.click(screen.getByRole('button', { name: 'Hide keyboard' }));
    expect(screen.queryByRole('group')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show keyboard' }));
    expect(screen.getByRole('button', { name: 'Later' })).toBeInTheDocument();
  });
});
