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

describe('a bot’s reply keyboard (keyboard_options)', () => {
  it('one_time: folds after a tap, the toggle brings it back', () => {
    const onPress = vi.fn();
    render(
      <CustomKeyboard
        keyboard={[['Menu']]}
        options={{ one_time: true, resize: true, placeholder: null }}
        onPress={onPress}
      />,
    );
    expect(screen.getByTestId('custom-keyboard')).toHaveClass('is-resized');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(onPress).toHaveBeenCalledWith('Menu');
    expect(screen.queryByRole('group')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show keyboard' }));
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('without resize the keys are the tall ones; without one_time it stays', () => {
    render(
      <CustomKeyboard
        keyboard={[['A']]}
        options={{ one_time: false, resize: false, placeholder: 'Pick' }}
        onPress={() => undefined}
      />,
    );
    expect(screen.getByTestId('custom-keyboard')).toHaveClass('is-tall');
    fireEvent.click(screen.getByRole('button', { name: 'A' }));
    expect(screen.getByRole('group')).toBeInTheDocument();
  });
});
