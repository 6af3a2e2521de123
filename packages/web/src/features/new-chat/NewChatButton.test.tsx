import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useGroupUi } from '../groups/store';
import { NewChatButton } from './NewChatButton';

function setup() {
  render(
    <MemoryRouter>
      <NewChatButton />
    </MemoryRouter>,
  );
  const button = screen.getByTestId('new-chat-button');
  fireEvent.click(button);
  return { button, menu: screen.getByTestId('new-chat-menu') };
}

describe('NewChatButton', () => {
  afterEach(() => useGroupUi.getState().close());

  it('lists its items in order, the first focused, and arrows wrap round', () => {
    const { menu } = setup();
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.dataset.testid)).toEqual([
      'new-chat-message',
      'new-chat-group',
      'new-chat-channel',
    ]);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
  });

  it('closes on Escape and gives the focus back to the button', () => {
    const { button } = setup();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('new-chat-menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the groups create screen for new group and new channel', () => {
    setup();
    fireEvent.click(screen.getByTestId('new-chat-channel'));
    expect(useGroupUi.getState().creating).toBe('channel');
    expect(screen.queryByTestId('new-chat-menu')).toBeNull();
  });
});
